//! The engine of the `urlsyntax` command line, as a library so that fuzz
//! targets and tests can drive the conformance-calls protocol in process.

pub mod calls;
pub mod interpreter;
