//! urlsyntax in DuckDB SQL: a loadable extension on DuckDB's stable C
//! extension API (C_STRUCT ABI, C API v1.2.0: one build for DuckDB 1.4 and
//! 2.0; CI loads it in 1.4.3 and 2.0.1 from Python, the 1.4.4 and 1.5.6
//! CLIs).
//!
//! ```sql
//! LOAD 'target/duckdb/urlsyntax.duckdb_extension';
//! SELECT urlsplit('http://U@Example.COM:8080/p?q#f').hostname;  -- example.com
//! SELECT url_hostname(url, '3.9') FROM urls;                    -- as CPython 3.9.25
//! ```
//!
//! Every urllib function takes an optional last argument, the release
//! (`Profile::from_version`: `'3.9'`, `'3.13.0'`), default the library's
//! default profile. NULL in gives NULL out; an unknown release, text that
//! is not UTF-8 and a row CPython raises for (`urljoin`, `quote`, ...) are
//! SQL errors. The functions read DuckDB's string vectors in place
//! (`column`) and write the parts of the input they answer straight into
//! the result vector.

mod check;
mod column;
mod release;
mod split;
mod text;

use std::error::Error;

use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use duckdb::Connection;
use duckdb_loadable_macros::duckdb_entrypoint_c_api;
use urlsyntax_fields::SplitFunction;

use text::Coding;

fn varchar() -> LogicalTypeHandle {
    LogicalTypeHandle::from(LogicalTypeId::Varchar)
}

/// The function's two overloads: `args` alone, and with the release.
fn with_release(
    args: usize,
    returns: impl Fn() -> LogicalTypeHandle,
) -> Vec<ScalarFunctionSignature> {
    (args..=args + 1)
        .map(|n| ScalarFunctionSignature::exact((0..n).map(|_| varchar()).collect(), returns()))
        .collect()
}

/// A scalar function: its SQL name, arguments (release aside), return
/// type and body.
macro_rules! scalar {
    ($type:ident, $name:literal, $signatures:expr, $body:expr) => {
        struct $type;

        impl VScalar for $type {
            type State = ();

            fn invoke(
                _: &(),
                input: &mut DataChunkHandle,
                output: &mut dyn WritableVector,
            ) -> Result<(), Box<dyn Error>> {
                let body: fn(
                    &DataChunkHandle,
                    &mut dyn WritableVector,
                ) -> Result<(), Box<dyn Error>> = $body;
                body(input, output)
            }

            fn signatures() -> Vec<ScalarFunctionSignature> {
                $signatures
            }
        }
    };
}

scalar!(
    Urlsplit,
    "urlsplit",
    with_release(1, || split::struct_type(SplitFunction::Urlsplit)),
    |i, o| { split::split(SplitFunction::Urlsplit, i, o) }
);
scalar!(
    Urlparse,
    "urlparse",
    with_release(1, || split::struct_type(SplitFunction::Urlparse)),
    |i, o| { split::split(SplitFunction::Urlparse, i, o) }
);
scalar!(
    UrlHostname,
    "url_hostname",
    with_release(1, varchar),
    split::hostname
);
scalar!(
    UrlPort,
    "url_port",
    with_release(1, || LogicalTypeHandle::from(LogicalTypeId::Integer)),
    split::port
);
scalar!(Urljoin, "urljoin", with_release(2, varchar), text::urljoin);
scalar!(
    ParseQsl,
    "parse_qsl",
    with_release(1, || LogicalTypeHandle::list(
        &LogicalTypeHandle::struct_type(&[("name", varchar()), ("value", varchar())])
    )),
    text::parse_qsl
);
scalar!(Quote, "quote", with_release(1, varchar), |i, o| {
    text::coding(Coding::Quote, i, o)
});
scalar!(QuotePlus, "quote_plus", with_release(1, varchar), |i, o| {
    text::coding(Coding::QuotePlus, i, o)
});
scalar!(Unquote, "unquote", with_release(1, varchar), |i, o| {
    text::coding(Coding::Unquote, i, o)
});
scalar!(
    UnquotePlus,
    "unquote_plus",
    with_release(1, varchar),
    |i, o| { text::coding(Coding::UnquotePlus, i, o) }
);
// `url_check(url[, syntax])`: the optional argument is a scheme, not a
// release (Neturl has none).
scalar!(
    UrlCheck,
    "url_check",
    with_release(1, check::struct_type),
    check::url_check
);

/// The names of the functions, as SQL knows them.
pub const FUNCTIONS: [&str; 11] = [
    "urlsplit",
    "urlparse",
    "url_hostname",
    "url_port",
    "urljoin",
    "parse_qsl",
    "quote",
    "quote_plus",
    "unquote",
    "unquote_plus",
    "url_check",
];

/// Registers every function on `con`.
fn register(con: &Connection) -> Result<(), Box<dyn Error>> {
    con.register_scalar_function::<Urlsplit>("urlsplit")?;
    con.register_scalar_function::<Urlparse>("urlparse")?;
    con.register_scalar_function::<UrlHostname>("url_hostname")?;
    con.register_scalar_function::<UrlPort>("url_port")?;
    con.register_scalar_function::<Urljoin>("urljoin")?;
    con.register_scalar_function::<ParseQsl>("parse_qsl")?;
    con.register_scalar_function::<Quote>("quote")?;
    con.register_scalar_function::<QuotePlus>("quote_plus")?;
    con.register_scalar_function::<Unquote>("unquote")?;
    con.register_scalar_function::<UnquotePlus>("unquote_plus")?;
    con.register_scalar_function::<UrlCheck>("url_check")?;
    Ok(())
}

/// The entry point DuckDB calls on `LOAD` (`urlsyntax_init_c_api`).
#[duckdb_entrypoint_c_api(ext_name = "urlsyntax", min_duckdb_version = "v1.2.0")]
pub fn urlsyntax_init(con: Connection) -> Result<(), Box<dyn Error>> {
    register(&con)
}
