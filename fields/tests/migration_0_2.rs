//! A 0.1 program's use of `urllib::fields`, after the migration
//! `CHANGELOG.md` describes (each 0.1 line is in the comment above its 0.2
//! form): it compiles, and answers as 0.1 did.

// 0.1: use urlsyntax::urllib::fields::{self, Field, SplitFields, SplitFunction};
use urlsyntax::urllib::{Error, Profile, Urllib};
use urlsyntax_fields::{self as fields, Field, SplitFields, SplitFunction};

#[test]
fn a_0_1_program_reading_fields_after_the_migration() -> Result<(), Error> {
    let ctx = Urllib::new(Profile::Py3_13_0);
    // 0.1: ctx.split_or_parse(SplitFunction::Urlparse, url, "", true)
    let row = SplitFunction::Urlparse.call(&ctx, "HTTP://Example.COM:99999/p;x", "", true);
    let text = |f| fields::value(&row, f).into_text().map(|t| t.into_owned());
    assert_eq!(text(Field::Hostname).as_deref(), Some("example.com"));
    assert_eq!(text(Field::Params).as_deref(), Some("x"));
    assert_eq!(text(Field::Port), None);
    assert_eq!(
        text(Field::Error).as_deref(),
        Some("ValueError: Port out of range 0-65535")
    );
    // Unchanged: the results read through the trait.
    let r = ctx.urlsplit("//h/p", "ftp", true)?;
    assert_eq!(r.component(Field::Scheme), Some("ftp"));
    assert_eq!(SplitFields::function(&r), SplitFunction::Urlsplit);
    assert_eq!(
        fields::result_items("ParseResult"),
        Some(&["scheme", "netloc", "path", "params", "query", "fragment"][..])
    );
    assert!(fields::RESULT_NAMES.contains(&"DefragResultBytes"));
    Ok(())
}
