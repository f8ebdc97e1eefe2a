//! The model's own promises: the grouping, the selection, the extra
//! readers and the functions beside the table.

use super::*;
use urlsyntax::urllib::Profile;

#[test]
fn columns_group_consecutive_releases_that_agree_and_name_their_span() {
    let rs = readings("http://[1.2.3.4]/");
    let cols = columns(&rs);
    let all: Vec<&String> = cols.iter().flat_map(|c| &c.readers).collect();
    assert_eq!(all.len(), rs.len(), "every reading stands in one column");
    // Releases that refuse the bracketed IPv4 host do not share a column
    // with those that accept it.
    assert!(cols.len() > 4);
    for c in &cols {
        let members: Vec<&Reading> = rs.iter().filter(|r| c.readers.contains(&r.id)).collect();
        assert!(members
            .iter()
            .all(|m| m.error == members[0].error && m.fields == members[0].fields));
        if c.readers.len() > 1 {
            let first = c.readers[0].trim_start_matches("cpython-");
            let last = c.readers[c.readers.len() - 1].trim_start_matches("cpython-");
            assert_eq!(c.reading.name, format!("CPython {first}-{last}"));
        }
    }
}

#[test]
fn extra_cpython_readers_take_their_own_ids_and_group_with_the_profiles() {
    let mut readers = vec![CpythonReader::of(Profile::Py3_13_0)];
    readers.push(CpythonReader {
        id: "cpython-3.13.0-local".into(),
        label: "3.13.0 (local)".into(),
        behaviour: readers[0].behaviour,
    });
    let rs = readings_with("http://a:1/", &readers);
    assert_eq!(rs[1].id, "cpython-3.13.0-local");
    assert_eq!(rs[1].name, "CPython 3.13.0 (local)");
    let cols = columns(&rs);
    assert_eq!(cols[0].readers, ["cpython-3.13.0", "cpython-3.13.0-local"]);
    assert_eq!(cols[0].reading.name, "CPython 3.13.0-3.13.0 (local)");
}

#[test]
fn the_json_with_columns_is_the_json_plus_its_columns() {
    let url = "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/";
    let rs = readings(url);
    let with = to_json_with_columns(url, &rs);
    let mut plain = with.clone();
    plain.as_object_mut().unwrap().remove("columns");
    assert_eq!(plain, to_json(url, &rs));
    assert!(with["disagreements"]
        .as_array()
        .unwrap()
        .contains(&"username".into()));
}

#[test]
fn picked_reads_minor_versions_as_their_newest_release() {
    let newest = Profile::from_version("3.12").unwrap().release();
    let sel = vec!["cpython-3.12".to_string()];
    assert!(picked(&sel, &format!("cpython-{newest}")));
    assert!(!picked(&sel, "cpython-3.12.1") || newest == "3.12.1");
    assert!(!picked(&sel, "neturl"));
    assert!(picked(&[], "whatwg"));
    assert!(reader_ids(&cpython_readers()).contains(&"cpython-3.12".to_string()));
}

#[test]
fn calls_group_releases_and_carry_exceptions() {
    let readers = cpython_readers();
    let j = call(Function::Urljoin, "../g", "http://a/b/c/d;p?q", &readers);
    let groups = j["groups"].as_array().unwrap();
    assert!(groups.iter().all(|g| g["result"] == "http://a/b/g"));
    let ids: usize = groups
        .iter()
        .map(|g| g["readers"].as_array().unwrap().len())
        .sum();
    assert_eq!(ids, readers.len());
    // A port out of range fails the split under no release, but a bad
    // bracketed host fails it under the newer ones.
    let j = call(Function::Urlunsplit, "http://[::1/", "", &readers);
    assert!(j["groups"][0]["error"]
        .as_str()
        .unwrap()
        .starts_with("ValueError"));
    let j = call(Function::ParseQsl, "http://h/?a=1&b=%20", "", &readers);
    assert_eq!(
        j["groups"][0]["result"],
        serde_json::json!([["a", "1"], ["b", " "]])
    );
    assert_eq!(Function::from_name("quote"), Some(Function::Quote));
    assert_eq!(Function::from_name("nope"), None);
}

#[test]
fn check_names_the_failing_part_and_reads_partial_syntaxes() {
    let bad = check_common("http://h:99999/", None).unwrap();
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["part"], "port");
    let rel = check_common("a/b?c", Some("http")).unwrap();
    assert_eq!(rel["valid"], true, "{rel}");
    assert!(check_common("a/b", Some("no-such-scheme")).is_none());
    let names = scheme_names();
    assert!(names.contains(&"http") && names.contains(&"mailto"));
}
