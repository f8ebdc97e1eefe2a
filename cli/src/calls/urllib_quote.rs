//! The quoting calls of `urllib.parse`: `quote`, `quote_plus`,
//! `quote_from_bytes`, `unquote`, `unquote_plus`, `unquote_to_bytes`; and
//! the argument binding the query-string calls (`urllib_qs`) share.
//!
//! Each function binds its arguments as Python would, then follows the
//! order of CPython's checks for argument types, so that the exception
//! raised first is the one CPython raises. Arguments of a type the library
//! cannot take are passed as stand-ins that fail at the same moment:
//! an `encoding`/`errors` of the wrong type becomes an encoding name no
//! codec has (`TYPE_SENTINEL`), whose lookup happens exactly where
//! CPython's `str.encode`/`bytes.decode` would check the argument types.

use super::value::{Answer, Args, Py};
use urlsyntax::urllib::{Behaviour, CodecOptions, Error, Quoter, Safe, Unquoter, UNREPRESENTABLE};

/// An encoding name standing for "an argument of the wrong type".
/// (Control characters, not NUL: NUL in a name is CPython's `ValueError`.)
const TYPE_SENTINEL: &str = "\u{1}wrong type\u{1}";

pub(super) type R = Result<Py, Answer>;

/// A function's result as the call's answer.
pub(super) fn answer(r: R) -> Answer {
    match r {
        Ok(v) => Answer::Ok(v),
        Err(a) => a,
    }
}

pub(super) fn err(class: &str) -> Answer {
    Answer::error(class)
}

pub(super) fn lib_err(e: Error) -> Answer {
    match &e {
        Error::UnknownEncoding { name } if name == TYPE_SENTINEL => err("TypeError"),
        Error::Value { message } if message.starts_with(UNREPRESENTABLE) => {
            Answer::unsupported(message.clone())
        }
        _ => Answer::from(e),
    }
}

pub(super) fn bind(
    args: &Args,
    names: &[&str],
    required: usize,
) -> Result<Vec<Option<Py>>, Answer> {
    args.bind(names, required).map_err(|_| err("TypeError"))
}

/// The `encoding` and `errors` arguments: (encoding, errors) names for the
/// library. `None` stays the default when `none_ok`; any other non-`str`
/// makes the codec lookup fail as a `TypeError`.
pub(super) fn codec_args(
    encoding: &Option<Py>,
    errors: &Option<Py>,
    none_ok: bool,
) -> (Option<String>, Option<String>) {
    let mut bad = false;
    let mut name = |v: &Option<Py>| match v {
        None => None,
        Some(Py::Str(s)) => Some(s.clone()),
        Some(Py::None) if none_ok => None,
        Some(_) => {
            bad = true;
            None
        }
    };
    let e = name(encoding);
    let r = name(errors);
    if bad {
        // The type error comes first: `errors` is not looked at.
        (Some(TYPE_SENTINEL.to_string()), None)
    } else {
        (e, r)
    }
}

/// A `safe` argument: usable, or the exception raised once it is used by
/// `quote_from_bytes` on non-empty bytes.
pub(super) enum SafeArg {
    Good(Safe),
    Bad(Answer),
}

pub(super) fn safe_arg(v: &Option<Py>, default: Safe) -> SafeArg {
    let ints = |items: Vec<&Py>| {
        let mut kept = Vec::new();
        for i in items {
            // `c < 128` (an int of any size, or a bool).
            let n = match i {
                Py::Int(n) if n.is_negative() => -1,
                Py::Int(n) => n.as_i128().unwrap_or(i128::MAX),
                Py::Bool(b) => *b as i128,
                _ => return SafeArg::Bad(err("TypeError")),
            };
            if n < 128 {
                kept.push(n);
            }
        }
        // `bytes(kept)`: a negative int is out of range.
        if kept.iter().any(|&n| n < 0) {
            return SafeArg::Bad(err("ValueError"));
        }
        SafeArg::Good(Safe::from_bytes(
            &kept.iter().map(|&n| n as u8).collect::<Vec<u8>>(),
        ))
    };
    match v {
        None => SafeArg::Good(default),
        Some(Py::Str(s)) => SafeArg::Good(Safe::from(s.as_str())),
        Some(Py::Bytes(b)) => SafeArg::Good(Safe::from_bytes(b)),
        Some(Py::List(items) | Py::Tuple(items) | Py::Result(_, items)) => {
            ints(items.iter().collect())
        }
        Some(Py::Dict(items)) => ints(items.iter().map(|(k, _)| k).collect()),
        Some(_) => SafeArg::Bad(err("TypeError")),
    }
}

/// Answers one call, or `None` when `name` is not one of these functions.
pub fn call(name: &str, args: &Args, profile: Behaviour) -> Option<Answer> {
    let r = match name {
        "quote" => quote(args, false, profile),
        "quote_plus" => quote(args, true, profile),
        "quote_from_bytes" => quote_from_bytes(args, profile),
        "unquote" => unquote(args, false, profile),
        "unquote_plus" => unquote(args, true, profile),
        "unquote_to_bytes" => unquote_to_bytes(args),
        _ => return None,
    };
    Some(answer(r))
}

fn quote(args: &Args, plus: bool, profile: Behaviour) -> R {
    let a = bind(args, &["string", "safe", "encoding", "errors"], 1)?;
    let string = a[0].clone().unwrap_or(Py::None);
    let default = if plus { Safe::NONE } else { Safe::SLASH };
    let given = |v: &Option<Py>| v.as_ref().is_some_and(|v| *v != Py::None);
    let has_space = match &string {
        Py::Str(s) => s.contains(' '),
        Py::Bytes(b) => b.contains(&b' '),
        _ => true,
    };
    // quote_plus: `safe + space` when the string has a space.
    if plus && has_space && !matches!(a[1], None | Some(Py::Str(_)) | Some(Py::Bytes(_))) {
        return Err(err("TypeError"));
    }
    let safe = safe_arg(&a[1], default);
    match &string {
        Py::Str(s) => {
            let (enc, errs) = codec_args(&a[2], &a[3], true);
            let mut q = Quoter::new().behaviour(profile);
            q = q.codec_options(CodecOptions::from_names(enc, errs));
            let (q, bad) = match safe {
                SafeArg::Good(s) => (q.safe(s), None),
                SafeArg::Bad(a) => (q.safe(Safe::NONE), Some(a)),
            };
            let r = if plus { q.quote_plus(s) } else { q.quote(s) }.map_err(lib_err)?;
            match bad {
                Some(a) if !r.is_empty() => Err(a),
                _ => Ok(Py::Str(r)),
            }
        }
        Py::Bytes(b) => {
            if given(&a[2]) || given(&a[3]) {
                return Err(err("TypeError"));
            }
            match safe {
                SafeArg::Bad(a) if !b.is_empty() => Err(a),
                SafeArg::Bad(_) => Ok(Py::Str(String::new())),
                SafeArg::Good(s) => {
                    let q = Quoter::new().safe(s).behaviour(profile);
                    let r = if plus {
                        q.quote_plus_bytes(b)
                    } else {
                        q.quote_bytes(b)
                    };
                    r.map(Py::Str).map_err(lib_err)
                }
            }
        }
        _ => Err(err("TypeError")),
    }
}

fn quote_from_bytes(args: &Args, profile: Behaviour) -> R {
    let a = bind(args, &["bs", "safe"], 1)?;
    let Some(Py::Bytes(b)) = &a[0] else {
        return Err(err("TypeError"));
    };
    if b.is_empty() {
        return Ok(Py::Str(String::new()));
    }
    match safe_arg(&a[1], Safe::SLASH) {
        SafeArg::Good(s) => Quoter::new()
            .safe(s)
            .behaviour(profile)
            .quote_bytes(b)
            .map(Py::Str)
            .map_err(lib_err),
        SafeArg::Bad(a) => Err(a),
    }
}

fn unquoter(enc: Option<String>, errs: Option<String>, profile: Behaviour) -> Unquoter {
    Unquoter::new()
        .behaviour(profile)
        .codec_options(CodecOptions::from_names(enc, errs))
}

fn unquote(args: &Args, plus: bool, profile: Behaviour) -> R {
    let a = bind(args, &["string", "encoding", "errors"], 1)?;
    let string = a[0].clone().unwrap_or(Py::None);
    match &string {
        Py::Str(s) => {
            let (enc, errs) = codec_args(&a[1], &a[2], true);
            let u = unquoter(enc, errs, profile);
            let r = if plus {
                u.unquote_plus(s)
            } else {
                u.unquote(s)
            };
            r.map(Py::Str).map_err(lib_err)
        }
        Py::Bytes(_) if plus => Err(err("TypeError")),
        // Up to 3.8 `unquote` refuses bytes before anything else: the
        // library says so, with CPython's message.
        Py::Bytes(b) if !profile.quirks().unquote_takes_bytes => unquoter(None, None, profile)
            .unquote_bytes(b)
            .map(Py::Str)
            .map_err(lib_err),
        Py::Bytes(b) => {
            // `bytes.decode(encoding, errors)`: `None` is not a name there.
            let (enc, errs) = codec_args(&a[1], &a[2], false);
            if enc.as_deref() == Some(TYPE_SENTINEL) {
                return Err(err("TypeError"));
            }
            unquoter(enc, errs, profile)
                .unquote_bytes(b)
                .map(Py::Str)
                .map_err(lib_err)
        }
        _ if plus => Err(err("AttributeError")),
        Py::List(items) | Py::Tuple(items) | Py::Result(_, items) => {
            if items.iter().any(|i| *i == Py::Str("%".into())) {
                Err(err("TypeError"))
            } else {
                Err(err("AttributeError"))
            }
        }
        Py::Dict(items) => {
            if items.iter().any(|(k, _)| *k == Py::Str("%".into())) {
                Err(err("TypeError"))
            } else {
                Err(err("AttributeError"))
            }
        }
        _ => Err(err("TypeError")),
    }
}

fn unquote_to_bytes(args: &Args) -> R {
    let a = bind(args, &["string"], 1)?;
    match &a[0] {
        Some(Py::Str(s)) => Ok(Py::Bytes(urlsyntax::urllib::unquote_to_bytes(s))),
        Some(Py::Bytes(b)) => Ok(Py::Bytes(urlsyntax::urllib::unquote_to_bytes(b))),
        _ => Err(err("AttributeError")),
    }
}
