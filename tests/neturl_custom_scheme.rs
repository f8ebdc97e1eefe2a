//! Custom schemes in the scheme-table notation parse and build by the rules
//! their line states.

use urlsyntax::neturl::{self, Encoding, ParseOptions, Parts, SchemeTable, Url};
use urlsyntax::syntax::{Constraint, Part, Syntax};

#[test]
fn a_custom_scheme_from_the_notation() {
    let mut table = SchemeTable::common().clone();
    table
        .extend(
            "# git over ssh: user and host required, path required, no query\n\
             git+ssh  scheme user host port? path  relative\n\
             urn      scheme other fragment?\n",
        )
        .unwrap();
    let opts = ParseOptions {
        schemes: Some(&table),
        ..Default::default()
    };
    let u = neturl::parse_url("git+ssh://git@example.com:2222/repo.git", &opts).unwrap();
    assert_eq!(u.user().unwrap(), "git");
    assert_eq!(u.port().unwrap(), 2222);
    assert_eq!(u.path(), ["", "repo.git"]);
    // required user missing
    assert!(neturl::parse_url("git+ssh://example.com/repo.git", &opts).is_err());
    // query not recognized: "?" is an ordinary path character then
    let q = neturl::parse_url("git+ssh://git@example.com/r?x", &opts).unwrap();
    assert_eq!(q.path(), ["", "r?x"]);
    assert!(q.query().is_none());
    // relative references resolve with the partial syntax
    let rel = Url::parse_with(&u.syntax().partial().unwrap(), "other.git").unwrap();
    assert_eq!(
        neturl::apply_relative_url(&u, &rel).unwrap().to_string(),
        "git+ssh://git@example.com:2222/other.git"
    );
    // as in Ocamlnet, a ".." above the root stays
    let up = Url::parse_with(&u.syntax().partial().unwrap(), "../other.git").unwrap();
    assert_eq!(
        neturl::apply_relative_url(&u, &up).unwrap().to_string(),
        "git+ssh://git@example.com:2222/../other.git"
    );
    // building follows the same rules
    let syn = table.get("git+ssh").unwrap();
    let built = Url::build(
        syn,
        &Parts {
            scheme: Some("git+ssh".into()),
            user: Some("me".into()),
            host: Some("h".into()),
            path: Some(vec!["".into(), "a b".into()]),
            ..Parts::default()
        },
        Encoding::Decoded,
    )
    .unwrap();
    assert_eq!(built.to_string(), "git+ssh://me@h/a%20b");
    assert!(Url::build(
        syn,
        &Parts {
            scheme: Some("git+ssh".into()),
            host: Some("h".into()),
            ..Parts::default()
        },
        Encoding::Decoded
    )
    .is_err());

    let urn = neturl::parse_url("urn:isbn:0451450523#p1", &opts).unwrap();
    // as in Ocamlnet, `other` takes a "#" as an ordinary character when
    // fragments are recognized, so the fragment stays in `other`
    assert_eq!(urn.other().unwrap(), "isbn:0451450523#p1");
    assert!(urn.fragment().is_none());
    assert!(
        urn.syntax().partial().is_none(),
        "no `relative` word: no partial syntax"
    );
    assert_eq!(
        table.get("urn").unwrap().to_notation(),
        "scheme fragment? other"
    );
}

#[test]
fn the_common_table_is_the_data_file() {
    let t = SchemeTable::common();
    let http = t.get("HTTP").unwrap();
    assert_eq!(
        http.to_notation(),
        "scheme user? password? host port? path? query? relative"
    );
    assert_eq!(
        t.get("mailto").unwrap().to_notation(),
        "scheme query? other"
    );
    assert_eq!(t.iter().count(), 19);
    let nntp = t.get("nntp").unwrap();
    assert!(neturl::parse_url("nntp://h/group/12", &ParseOptions::default()).is_ok());
    assert!(
        Url::parse_with(nntp, "nntp://h/group").is_err(),
        "path-length=3"
    );
}

#[test]
fn notation_errors_and_struct_update() {
    let mut t = SchemeTable::new();
    let e = t.extend("ok scheme host\nbad scheme hots\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(t.get("ok").is_none(), "nothing added on error");
    assert!(Syntax::from_notation("scheme host host").is_err());
    assert!(Syntax::from_notation("scheme path-length=x path").is_err());
    // A path list of two items: `/` and one segment.
    let one_segment = Syntax {
        scheme: Part::Required,
        host: Part::Required,
        path: Part::Allowed,
        constraint: Some(Constraint::PathLength(2)),
        ..Syntax::NULL
    };
    t.insert("one", one_segment).unwrap();
    let opts = ParseOptions {
        schemes: Some(&t),
        ..Default::default()
    };
    assert!(neturl::parse_url("one://h/a", &opts).is_ok());
    assert!(neturl::parse_url("one://h/a/b", &opts).is_err());
    assert_eq!(t.get("one"), Some(&one_segment));
}

#[test]
fn every_row_of_the_common_table_round_trips_through_the_notation() {
    let common = SchemeTable::common();
    let mut rows = 0;
    for (name, syntax) in common.iter() {
        let notation = syntax.to_notation();
        assert_eq!(
            Syntax::from_notation(&notation).as_ref(),
            Ok(syntax),
            "{name}: {notation}"
        );
        rows += 1;
    }
    assert_eq!(
        rows,
        SchemeTable::common_notation()
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count()
    );
    // The nntp rule is data, and is written back.
    let nntp = common.get("nntp").unwrap();
    assert_eq!(nntp.constraint, Some(Constraint::PathLength(3)));
    assert!(nntp.to_notation().ends_with("path-length=3"));
    // The whole table, written row by row, reads back equal.
    let mut again = SchemeTable::new();
    for (name, syntax) in common.iter() {
        again
            .extend(&format!("{name} {}", syntax.to_notation()))
            .unwrap();
    }
    assert!(common.iter().all(|(name, s)| again.get(name) == Some(s)));
}
