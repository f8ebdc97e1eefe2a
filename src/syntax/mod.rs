//! Syntax descriptors and the scheme table (being written).
