use super::*;

fn texts<R: SplitFields>(r: &Result<R, Error>, f: SplitFunction) -> Vec<Option<String>> {
    f.fields()
        .iter()
        .map(|&field| value(r, field).into_text().map(Cow::into_owned))
        .collect()
}

fn some(t: &[&str]) -> Vec<Option<String>> {
    t.iter().map(|t| Some(t.to_string())).collect()
}

#[test]
fn names_and_numbers_round_trip() {
    for (n, f) in Field::ALL.into_iter().enumerate() {
        assert_eq!(Field::named(f.name()), Some(f));
        assert_eq!(Field::numbered(n), Some(f));
        assert_eq!(f.to_string().parse::<Field>(), Ok(f));
        assert_eq!(f.is_component(), n <= 5, "{f}");
    }
    assert_eq!(Field::numbered(11), None);
    assert!("Port".parse::<Field>().is_err());
    assert_eq!(SplitFunction::Urlsplit.fields().len(), 10);
    assert!(!SplitFunction::Urlsplit.has(Field::Params));
    assert!(!SplitFunction::Urlsplit.fields().contains(&Field::Params));
    assert_eq!(SplitFunction::Urlparse.fields(), &Field::ALL);
    for function in [SplitFunction::Urlsplit, SplitFunction::Urlparse] {
        let fields = function.fields();
        assert!(fields.windows(2).all(|w| w[0] < w[1]));
        assert!(Field::ALL
            .iter()
            .all(|f| function.has(*f) == fields.contains(f)));
    }
}

#[test]
fn every_field_of_both_functions() {
    let ctx = Urllib::new(Profile::Py3_13_0);
    let url = "http://U:P@Example.COM:8080/p;q?x#f";
    let split = SplitFunction::Urlsplit.call(&ctx, url, "", true);
    let parse = SplitFunction::Urlparse.call(&ctx, url, "", true);
    let split_want = [
        "http",
        "U:P@Example.COM:8080",
        "/p;q",
        "x",
        "f",
        "U",
        "P",
        "example.com",
        "8080",
    ];
    let mut want = some(&split_want);
    want.push(None);
    assert_eq!(texts(&split, SplitFunction::Urlsplit), want);
    // urlparse's fields: the path cut at `;`, the rest as urlsplit's.
    let mut want = some(&split_want[..2]);
    want.extend(some(&["/p", "q"]));
    want.extend(some(&split_want[3..]));
    want.push(None);
    assert_eq!(texts(&parse, SplitFunction::Urlparse), want);
    let r = split.as_ref().unwrap();
    assert_eq!(r.function(), SplitFunction::Urlsplit);
    assert_eq!(r.profile(), Profile::Py3_13_0);
    let SplitOrParse::Split(s) = r else {
        panic!("a split")
    };
    assert_eq!(r.attributes(), s.attributes());
    assert_eq!(value(&split, Field::Params), Value::Text(None));
    assert_eq!(parse.as_ref().unwrap().function(), SplitFunction::Urlparse);
}

#[test]
fn the_arguments_reach_the_split() {
    let ctx = Urllib::new(Profile::Py3_9_18);
    let r = SplitFunction::Urlparse.call(&ctx, "//h/p;q?x#f", "ftp", false);
    // Fragments not allowed: "#f" stays in the query.
    let mut want = some(&["ftp", "h", "/p", "q", "x#f", "", "", "", "h"]);
    want[6] = None;
    want[7] = None;
    want.extend([None, None]);
    assert_eq!(texts(&r, SplitFunction::Urlparse), want);
}

#[test]
fn a_raised_split_is_its_error_alone() {
    let ctx = Urllib::new(Profile::Py3_13_0);
    for function in [SplitFunction::Urlsplit, SplitFunction::Urlparse] {
        let r = function.call(&ctx, "http://[::1", "", true);
        for f in Field::ALL {
            let v = value(&r, f).into_text();
            match f {
                Field::Error => assert_eq!(v.as_deref(), Some("ValueError: Invalid IPv6 URL")),
                _ => assert_eq!(v, None, "{f}"),
            }
        }
    }
}

#[test]
fn a_raised_port_keeps_the_rest() {
    let ctx = Urllib::new(Profile::Py3_9_18);
    let r = SplitFunction::Urlsplit.call(&ctx, "//h:8x/", "ftp", false);
    assert_eq!(value(&r, Field::Scheme).into_text().as_deref(), Some("ftp"));
    assert_eq!(value(&r, Field::Hostname).into_text().as_deref(), Some("h"));
    assert_eq!(value(&r, Field::Port), Value::Port(None));
    let e = value(&r, Field::Error).into_text();
    assert_eq!(
        e.as_deref(),
        Some("ValueError: Port could not be cast to integer value as '8x'")
    );
}

#[test]
fn missing_as_none_leaves_absent_components_null() {
    let ctx = Urllib::new(Profile::Py3_15_2);
    let url = "//u@h/p;q?";
    let r = ctx.urlparse_missing_as_none(url, None, true);
    let mut want = vec![None, Some("u@h".to_string()), Some("/p".into())];
    want.extend([Some("q".into()), Some(String::new()), None]);
    want.extend([Some("u".into()), None, Some("h".into()), None, None]);
    assert_eq!(
        texts(&r.clone().map(SplitOrParse::from), SplitFunction::Urlparse),
        want
    );
    assert_eq!(texts(&r, SplitFunction::Urlparse), want);
    let r = ctx.urlsplit_missing_as_none(url, Some("s"), true);
    let got = texts(&r, SplitFunction::Urlsplit);
    assert_eq!(got[0].as_deref(), Some("s"));
    assert_eq!(got[2].as_deref(), Some("/p;q"));
    let r = SplitOrParse::from(r.unwrap());
    assert_eq!(r.function(), SplitFunction::Urlsplit);
    assert_eq!(r.component(Field::Fragment), None);
}

#[test]
fn each_reading_agrees_with_the_results_own() {
    let ctx = Urllib::new(Profile::Py3_13_0);
    for url in [
        "http://a:b@[::1]:80/",
        "http://h:x/",
        "//@/",
        "mailto:x@y",
        "http://H%41/",
    ] {
        let s = ctx.urlsplit(url, "", true).unwrap();
        let r = SplitOrParse::from(s.clone());
        assert_eq!(r.username(), s.username());
        assert_eq!(r.password(), s.password());
        assert_eq!(r.hostname(), s.hostname());
        assert_eq!(r.port(), s.port());
        assert_eq!(r.attributes(), s.attributes());
        assert_eq!(r.value(Field::Error), Value::Error(s.port().err()));
        let p = ctx.urlparse(url, "", true).unwrap();
        let parts: Vec<_> = SplitFunction::Urlparse
            .fields()
            .iter()
            .filter_map(|f| {
                SplitOrParse::from(p.clone())
                    .component(*f)
                    .map(str::to_owned)
            })
            .collect();
        assert_eq!(parts, p.parts());
    }
}

/// A sink that keeps each field as text, in the order it came.
#[derive(Default)]
struct Collected(Vec<(Field, Option<String>)>);

impl RowSink for Collected {
    fn text(&mut self, field: Field, text: Option<&str>) {
        self.0.push((field, text.map(str::to_owned)));
    }

    fn port(&mut self, port: Option<u16>) {
        self.0.push((Field::Port, port.map(|p| p.to_string())));
    }

    fn error(&mut self, error: Option<Error>) {
        self.0.push((Field::Error, error.map(|e| format!("{e:?}"))));
    }
}

#[test]
fn write_row_writes_every_field_in_order_as_value_reads_it() {
    let ctx = Urllib::new(Profile::Py3_15_2);
    for url in [
        "http://u:p@Example.COM:8080/p;q?x#f",
        "http://h:99999/",
        "http://h:x/",
        "http://[::1",
        "mailto:x@y",
        "",
        "https://www.example.com/index.html",
        "https://www.example.com",
        "file://benchmark/v8",
        "//a",
        "http://h%25/",
        " \thttp://h/",
    ] {
        for function in [SplitFunction::Urlsplit, SplitFunction::Urlparse] {
            let row = function.call(&ctx, url, "", true);
            let mut sink = Collected::default();
            write_row(function, row.clone(), &mut sink);
            let want: Vec<_> = function
                .fields()
                .iter()
                .map(|&f| (f, value(&row, f).into_text().map(Cow::into_owned)))
                .collect();
            assert_eq!(sink.0, want, "{function:?}({url:?})");
            // Told the URL, the same row; a host alone read from it.
            let mut within = Collected::default();
            write_row_in(function, url, row.clone(), &mut within);
            assert_eq!(within.0, want, "{function:?}({url:?}) within");
            for &f in function.fields() {
                assert_eq!(value_in(&row, url, f), value(&row, f), "{url:?} {f:?}");
            }
        }
    }
}

#[test]
fn a_host_alone_is_told_from_the_url_it_was_split_from() {
    let ctx = Urllib::new(Profile::Py3_13_0);
    let url = "https://www.example.com/index.html";
    for function in [SplitFunction::Urlsplit, SplitFunction::Urlparse] {
        let r = function.call(&ctx, url, "", true).unwrap();
        assert!(r.netloc_is_host_alone_in(url), "{function:?}");
        // Another text of the same bytes is not where the netloc lies.
        let copy = String::from(url);
        assert!(!r.netloc_is_host_alone_in(copy.as_str()), "{function:?}");
        let r = function
            .call(&ctx, "https://WWW.example.com/", "", true)
            .unwrap();
        assert!(!r.netloc_is_host_alone_in("https://WWW.example.com/"));
    }
}
