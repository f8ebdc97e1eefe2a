//! A program written against 0.1, after the migration `CHANGELOG.md`
//! describes (each 0.1 line is in the comment above its 0.2 form): it
//! compiles, and answers as 0.1 did.

use urlsyntax::pyruntime::codec::{
    is_cpython_text_codec_in, normalize_encoding, ByteOrder, Charmap, Cjk, ErrorHandler,
    SurrogateCheck,
};
use urlsyntax::pyruntime::repr::{bytes_repr, int_str, list_repr, str_repr_with, tuple_repr};
use urlsyntax::pyruntime::unicode;
use urlsyntax::urllib::{
    self, Codec, CodecRules, Error, Profile, PyException, Quoter, UnicodeTables, UNREPRESENTABLE,
};

#[test]
fn a_0_1_program_after_the_migration() -> Result<(), Error> {
    // 0.1: Codec::lookup("UTF-16LE")?
    let utf16 = Codec::lookup_in("UTF-16LE", Profile::default())?;
    assert_eq!(utf16.name(), "utf-16-le");
    assert_eq!(
        utf16,
        Codec::Utf16(ByteOrder::Little, SurrogateCheck::LowSurrogateFirst)
    );
    // 0.1: utf16.encode("é", "strict")?
    assert_eq!(
        &*utf16.encode_in("é", "strict", Profile::default())?,
        b"\xe9\x00"
    );
    // Unchanged: decode names no release.
    assert_eq!(utf16.decode(b"\xe9\x00", "strict")?, "é");
    // 0.1: Codec::from_module("cp1252")
    let cp1252 = Codec::from_module_in("cp1252", Profile::default());
    // 0.1: Charmap::from_module("cp1252")
    let charmap = Charmap::from_module("cp1252", Profile::default()).expect("cp1252");
    assert_eq!(cp1252, Some(Codec::Charmap(charmap)));
    // mac_centeuro: gone from 3.9's tables, found as the last release
    // that had it.
    assert!(Charmap::from_module("mac_centeuro", Profile::default()).is_some());
    // 0.1: urllib::{normalize_encoding, is_cpython_text_codec_in, ErrorHandler, Cjk}
    assert_eq!(normalize_encoding(" UTF-8 "), "utf_8");
    assert!(is_cpython_text_codec_in("cp65001", Profile::Py3_8_18));
    assert!(!is_cpython_text_codec_in("cp65001", Profile::Py3_6_15));
    assert_eq!(ErrorHandler::lookup("strict")?, ErrorHandler::Strict);
    assert_eq!(
        Cjk::from_module("gbk").map(Cjk::module),
        cfg!(feature = "cjk-codecs").then_some("gbk")
    );
    // 0.1: urllib::unicode::{ALL, UNICODE_15_1_0}
    let newest: &UnicodeTables = unicode::ALL[unicode::ALL.len() - 1];
    assert!(std::ptr::eq(
        Profile::default().quirks().codecs.unicode,
        newest
    ));
    assert!(std::ptr::eq(
        Profile::Py3_13_0.quirks().codecs.unicode,
        &unicode::UNICODE_15_1_0
    ));
    // 0.1: urllib::pyrepr::{bytes_repr, int_str, list_repr, tuple_repr}
    assert_eq!(bytes_repr(b"a'"), "b\"a'\"");
    assert_eq!(int_str("12", None), Ok("12"));
    assert_eq!(list_repr(&["1".into()]), "[1]");
    assert_eq!(tuple_repr(&["1".into()]), "(1,)");
    // 0.1: urllib::pyrepr::str_repr("a") (str_repr_in(s, profile): that
    // profile's quirks)
    assert_eq!(
        str_repr_with("a\u{85}", Profile::default().quirks().codecs.unicode),
        "'a\\x85'"
    );
    // Unchanged: the urllib names the face's own signatures use.
    assert!(UNREPRESENTABLE.starts_with("not representable"));
    let rules = CodecRules::from(Profile::Py3_11_7);
    assert_eq!(Codec::lookup_in("latin1", rules)?, Codec::Latin1);
    let e = Quoter::new().encoding("bogus").quote("é").unwrap_err();
    assert_eq!(e.exception(), PyException::LookupError);
    assert_eq!(urllib::urlsplit("http://h/p")?.path, "/p");
    Ok(())
}

/// The twelve result types became aliases of three generic structs; a 0.1
/// program's literals, patterns, trait impls and `Default` compile as
/// they were.
#[test]
fn a_0_1_program_s_results_compile_unchanged() -> Result<(), Error> {
    use std::borrow::Cow;
    use urlsyntax::urllib::{
        DefragResultOptBytes, ParseResultBytes, SplitResult, SplitResultOpt, Urllib,
    };

    trait Described {
        fn described(&self) -> String;
    }
    impl Described for SplitResult<'_> {
        fn described(&self) -> String {
            format!("{} at {}", self.path, self.netloc)
        }
    }

    let r = urllib::urlsplit("http://h/p?q")?;
    let SplitResult { scheme, query, .. } = &r;
    assert_eq!((&**scheme, &**query), ("http", "q"));
    let moved = SplitResult {
        netloc: Cow::Borrowed("g"),
        ..r.clone()
    };
    assert_eq!(moved.described(), "/p at g");
    assert_eq!(ParseResultBytes::default().geturl()?, b"");
    let ctx = Urllib::new(Profile::Py3_15_2);
    let opt: SplitResultOpt<'_> = ctx.urlsplit_missing_as_none("/p?", None, true)?;
    assert_eq!(SplitResult::from(opt).geturl(), "/p");
    let none = DefragResultOptBytes {
        url: Cow::Borrowed(&b"a"[..]),
        fragment: None,
    };
    assert_eq!(none.fragment, None);
    Ok(())
}
