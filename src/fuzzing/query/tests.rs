//! Unit tests of `query`.

use super::*;
use crate::fuzzing::url::random_bytes;
use crate::fuzzing::Function;

/// The query-string and quoting functions.
fn functions() -> impl Iterator<Item = Function> {
    Function::URLLIB.into_iter().skip(7)
}

#[test]
fn every_function_makes_calls_of_itself() {
    for function in functions() {
        for seed in 0..300 {
            let bytes = random_bytes(seed, 384);
            let call = query_call(&mut Unstructured::new(&bytes), function).unwrap();
            assert_eq!(call.function, function.name());
            assert!(!call.args.is_empty(), "{call:?}");
        }
    }
}

#[test]
fn the_keywords_are_the_functions_own() {
    let own = |name: &str| -> &[&str] {
        match name {
            "parse_qs" | "parse_qsl" => &[
                "keep_blank_values",
                "strict_parsing",
                "encoding",
                "errors",
                "max_num_fields",
                "separator",
            ],
            "quote" | "quote_plus" => &["safe", "encoding", "errors"],
            "quote_from_bytes" => &["safe"],
            "unquote" | "unquote_plus" => &["encoding", "errors"],
            "unquote_to_bytes" => &[],
            _ => &["doseq", "safe", "encoding", "errors", "quote_via"],
        }
    };
    for function in functions() {
        let name = function.name();
        for seed in 0..300 {
            let bytes = random_bytes(seed, 384);
            let call = query_call(&mut Unstructured::new(&bytes), function).unwrap();
            for (k, _) in &call.kwargs {
                assert!(own(name).contains(k), "{name} given {k}");
            }
        }
    }
}

#[test]
fn decoding_is_never_given_a_handler_of_surrogates() {
    for function in [Function::ParseQs, Function::Unquote, Function::Urlencode] {
        for seed in 0..2000 {
            let bytes = random_bytes(seed, 384);
            let call = query_call(&mut Unstructured::new(&bytes), function).unwrap();
            for (k, v) in &call.kwargs {
                if let (&"errors", Value::Str(h)) = (k, v) {
                    assert!(!h.starts_with("surrogate"), "{call:?}");
                }
            }
        }
    }
}

#[test]
fn the_calls_vary() {
    for function in functions() {
        let name = function.name();
        let mut seen = std::collections::HashSet::new();
        let (mut bytes_args, mut with_kwargs) = (0, 0);
        for seed in 0..400 {
            let bytes = random_bytes(seed, 384);
            let call = query_call(&mut Unstructured::new(&bytes), function).unwrap();
            bytes_args += usize::from(matches!(call.args[0], Value::Bytes(_)));
            with_kwargs += usize::from(!call.kwargs.is_empty());
            seen.insert(call);
        }
        assert!(seen.len() > 300, "{name}: {} distinct", seen.len());
        if name != "unquote_to_bytes" {
            assert!(with_kwargs > 40, "{name}: {with_kwargs} with keywords");
        }
        if name != "urlencode" {
            assert!(bytes_args > 20, "{name}: {bytes_args} of bytes");
        }
    }
}

#[test]
fn zero_bytes_make_the_simplest_call() {
    let call = query_call(&mut Unstructured::new(&[]), Function::ParseQsl).unwrap();
    assert_eq!(call.args, vec![Value::Str(String::new())]);
    assert!(call.kwargs.is_empty());
}
