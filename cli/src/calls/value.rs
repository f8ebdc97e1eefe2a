//! The value encoding of the conformance-calls protocol
//! (`../shared/docs/conformance-calls.md`): JSON in, Python-like values,
//! JSON out.

use serde_json::{json, Map, Value as Json};
use urlsyntax::urllib::Behaviour;
use urlsyntax_fields::{result_items, RESULT_NAMES};

pub use super::pyint::PyInt;

/// A Python value as the protocol encodes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Py {
    /// `None`
    None,
    /// `True` / `False`
    Bool(bool),
    /// `int`, of any size
    Int(PyInt),
    /// `str`
    Str(String),
    /// `bytes`
    Bytes(Vec<u8>),
    /// A JSON array: a `list`.
    List(Vec<Py>),
    /// `{"tuple": [...]}`: a `tuple`.
    Tuple(Vec<Py>),
    /// `{"dict": [[k, v], ...]}`, in insertion order.
    Dict(Vec<(Py, Py)>),
    /// A result object: its type name (`"SplitResult"`, ...) and items.
    Result(&'static str, Vec<Py>),
}

/// What a call answers.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// `{"ok": value}`
    Ok(Py),
    /// `{"error": "<exception class>"}`
    Error(String),
    /// An error with its message (the message is only written by
    /// `calls --messages`, for CPython's own test suite).
    Raised {
        /// The exception class.
        class: String,
        /// CPython's message.
        message: String,
    },
    /// `{"unsupported": "<why>"}`
    Unsupported(String),
    /// `{"ok": value}` with a value that is plain JSON (the URL objects of
    /// the neturl calls).
    OkJson(Json),
}

impl Answer {
    /// An unsupported answer.
    pub fn unsupported(why: impl Into<String>) -> Self {
        Answer::Unsupported(why.into())
    }
    /// An error answer naming an exception class.
    pub fn error(class: impl Into<String>) -> Self {
        Answer::Error(class.into())
    }
    /// An error answer with CPython's message.
    pub fn raised(class: &str, message: impl Into<String>) -> Self {
        Answer::Raised {
            class: class.to_string(),
            message: message.into(),
        }
    }

    /// The answer as one JSON value; `messages` adds error messages.
    pub fn to_json_with(&self, messages: bool) -> Json {
        match self {
            Answer::Raised { class, message } if messages => {
                json!({ "error": class, "message": message })
            }
            Answer::Raised { class, .. } => json!({ "error": class }),
            other => other.to_json(),
        }
    }

    /// The answer as one JSON value, as the protocol specifies.
    pub fn to_json(&self) -> Json {
        match self {
            Answer::Ok(v) => json!({ "ok": v.to_json() }),
            Answer::Error(e) => json!({ "error": e }),
            Answer::Raised { class, .. } => json!({ "error": class }),
            Answer::Unsupported(w) => json!({ "unsupported": w }),
            Answer::OkJson(v) => json!({ "ok": v }),
        }
    }
}

impl From<urlsyntax::urllib::Error> for Answer {
    fn from(e: urlsyntax::urllib::Error) -> Self {
        Answer::raised(e.exception().name(), e.to_string())
    }
}

/// Hex digits of `bytes`, lowercase.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    b.chunks(2)
        .map(|p| {
            let hi = (p[0] as char).to_digit(16)?;
            let lo = (p[1] as char).to_digit(16)?;
            Some((hi * 16 + lo) as u8)
        })
        .collect()
}

impl Py {
    /// Decodes one protocol value.
    pub fn from_json(v: &Json) -> Result<Py, String> {
        Ok(match v {
            Json::Null => Py::None,
            Json::Bool(b) => Py::Bool(*b),
            Json::Number(n) => match PyInt::parse(&n.to_string()) {
                Some(i) => Py::Int(i),
                None => return Err(format!("unsupported number {n} (only integers)")),
            },
            Json::String(s) => Py::Str(s.clone()),
            Json::Array(a) => Py::List(Py::items_from_json(a)?),
            Json::Object(o) => return Py::from_object(o),
        })
    }

    fn items_from_json(a: &[Json]) -> Result<Vec<Py>, String> {
        a.iter().map(Py::from_json).collect()
    }

    /// A small `int`.
    pub fn int(i: impl Into<i128>) -> Py {
        Py::Int(PyInt::from(i.into()))
    }

    fn from_object(o: &Map<String, Json>) -> Result<Py, String> {
        if o.len() != 1 {
            return Err("an object value must have exactly one key".into());
        }
        let (k, v) = o.iter().next().expect("one key");
        match k.as_str() {
            "bytes" => {
                let s = v.as_str().ok_or("bytes must be a hex string")?;
                Ok(Py::Bytes(unhex(s).ok_or("bad hex in bytes")?))
            }
            "tuple" => {
                let a = v.as_array().ok_or("tuple items must be an array")?;
                Ok(Py::Tuple(Py::items_from_json(a)?))
            }
            "dict" => {
                let a = v.as_array().ok_or("dict must be an array of pairs")?;
                let mut items: Vec<(Py, Py)> = Vec::with_capacity(a.len());
                for pair in a {
                    match pair.as_array().map(|p| p.as_slice()) {
                        Some([k, v]) => {
                            let (k, v) = (Py::from_json(k)?, Py::from_json(v)?);
                            if !k.hashable() {
                                return Err("a dict key must be hashable".into());
                            }
                            // As in Python: a repeated key keeps its first
                            // place and takes the last value.
                            match items.iter_mut().find(|(old, _)| old.py_eq(&k)) {
                                Some(slot) => slot.1 = v,
                                None => items.push((k, v)),
                            }
                        }
                        _ => return Err("dict items must be [key, value] pairs".into()),
                    }
                }
                Ok(Py::Dict(items))
            }
            name => {
                let name = RESULT_NAMES
                    .iter()
                    .find(|n| **n == name)
                    .ok_or_else(|| format!("unknown value type {name:?}"))?;
                let a = v.as_array().ok_or("result items must be an array")?;
                Ok(Py::Result(name, Py::items_from_json(a)?))
            }
        }
    }

    /// Encodes the value for an answer.
    pub fn to_json(&self) -> Json {
        match self {
            Py::None => Json::Null,
            Py::Bool(b) => Json::Bool(*b),
            Py::Int(i) => i.to_json(),
            Py::Str(s) => Json::String(s.clone()),
            Py::Bytes(b) => json!({ "bytes": hex(b) }),
            Py::List(items) | Py::Tuple(items) => {
                Json::Array(items.iter().map(Py::to_json).collect())
            }
            Py::Dict(items) => json!({
                "dict": items.iter().map(|(k, v)| json!([k.to_json(), v.to_json()])).collect::<Vec<_>>()
            }),
            Py::Result(name, items) => {
                let mut m = Map::new();
                m.insert(
                    (*name).to_string(),
                    Json::Array(items.iter().map(Py::to_json).collect()),
                );
                Json::Object(m)
            }
        }
    }

    /// Python's `==` between two values (`1 == True`, tuples and result
    /// objects item by item, a list never equal to a tuple, `str` never
    /// equal to `bytes`).
    pub fn py_eq(&self, other: &Py) -> bool {
        let num = |v: &Py| match v {
            Py::Int(i) => Some(i.clone()),
            Py::Bool(b) => Some(PyInt::from(*b as i128)),
            _ => None,
        };
        let tuple = |v: &Py| match v {
            Py::Tuple(items) | Py::Result(_, items) => Some(items.clone()),
            _ => None,
        };
        let all_eq =
            |a: &[Py], b: &[Py]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.py_eq(y));
        match (self, other) {
            (a, b) if num(a).is_some() && num(b).is_some() => num(a) == num(b),
            (Py::List(a), Py::List(b)) => all_eq(a, b),
            (a, b) if tuple(a).is_some() && tuple(b).is_some() => {
                all_eq(&tuple(a).unwrap_or_default(), &tuple(b).unwrap_or_default())
            }
            (Py::Dict(a), Py::Dict(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, v)| b.iter().any(|(k2, v2)| k.py_eq(k2) && v.py_eq(v2)))
            }
            (a, b) => a == b,
        }
    }

    /// Whether Python can hash the value (no `list` or `dict`, also inside
    /// a tuple).
    pub fn hashable(&self) -> bool {
        match self {
            Py::Dict(_) | Py::List(_) => false,
            Py::Tuple(items) | Py::Result(_, items) => items.iter().all(Py::hashable),
            _ => true,
        }
    }

    /// Python truthiness.
    pub fn truthy(&self) -> bool {
        match self {
            Py::None => false,
            Py::Bool(b) => *b,
            Py::Int(i) => !i.is_zero(),
            Py::Str(s) => !s.is_empty(),
            Py::Bytes(b) => !b.is_empty(),
            Py::List(v) | Py::Tuple(v) | Py::Result(_, v) => !v.is_empty(),
            Py::Dict(d) => !d.is_empty(),
        }
    }

    /// Python's type name, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Py::None => "NoneType",
            Py::Bool(_) => "bool",
            Py::Int(_) => "int",
            Py::Str(_) => "str",
            Py::Bytes(_) => "bytes",
            Py::List(_) => "list",
            Py::Tuple(_) => "tuple",
            Py::Dict(_) => "dict",
            Py::Result(n, _) => n,
        }
    }
}

/// The arguments of one call, bound Python-style to parameter names.
pub struct Args {
    positional: Vec<Py>,
    keywords: Vec<(String, Py)>,
}

/// Why arguments could not be bound: Python raises `TypeError`.
pub struct BindError;

impl Args {
    /// Arguments from the call's `args` and `kwargs`.
    pub fn new(positional: Vec<Py>, keywords: Vec<(String, Py)>) -> Self {
        Args {
            positional,
            keywords,
        }
    }

    /// Binds to a signature: `names` in order, the first `required` of them
    /// without defaults. Returns one slot per name (`None` when defaulted).
    /// Too many, duplicate, unknown or missing arguments are a `TypeError`,
    /// as in Python.
    pub fn bind(&self, names: &[&str], required: usize) -> Result<Vec<Option<Py>>, BindError> {
        self.bind_keyword_only(names, required, &[])
    }

    /// [`Args::bind`] to a signature with keyword-only parameters after
    /// `names` (`def f(a, b=..., *, c=...)`): one slot per name of both.
    pub fn bind_keyword_only(
        &self,
        names: &[&str],
        required: usize,
        keyword_only: &[&str],
    ) -> Result<Vec<Option<Py>>, BindError> {
        if self.positional.len() > names.len() {
            return Err(BindError);
        }
        let all: Vec<&str> = names.iter().chain(keyword_only).copied().collect();
        let mut slots: Vec<Option<Py>> = vec![None; all.len()];
        for (i, v) in self.positional.iter().enumerate() {
            slots[i] = Some(v.clone());
        }
        for (k, v) in &self.keywords {
            let i = all.iter().position(|n| n == k).ok_or(BindError)?;
            if slots[i].is_some() {
                return Err(BindError);
            }
            slots[i] = Some(v.clone());
        }
        if slots[..required].iter().any(Option::is_none) {
            return Err(BindError);
        }
        Ok(slots)
    }
}

/// CPython's `_decode_args` for one argument: a truthy value must be
/// bytes, decoded as ASCII (`UnicodeDecodeError` otherwise; any other type
/// has no `.decode`: `AttributeError`); a falsy one becomes `''`.
pub fn decode_arg(v: &Py) -> Result<String, Answer> {
    if !v.truthy() {
        return Ok(String::new());
    }
    match v {
        Py::Bytes(b) if b.is_ascii() => Ok(String::from_utf8_lossy(b).into_owned()),
        Py::Bytes(_) => Err(Answer::error("UnicodeDecodeError")),
        _ => Err(Answer::error("AttributeError")),
    }
}

/// Python's `repr(v)` in `profile`'s CPython: a `ValueError` for an
/// `int` past its digit limit.
pub fn py_repr(v: &Py, profile: Behaviour) -> Result<String, Answer> {
    use urlsyntax::pyruntime::repr::{bytes_repr, int_str, list_repr, str_repr_with, tuple_repr};
    let str_repr_in =
        |s: &str, profile: Behaviour| str_repr_with(s, profile.quirks().codecs.unicode);
    let reprs = |items: &[Py]| -> Result<Vec<String>, Answer> {
        items.iter().map(|v| py_repr(v, profile)).collect()
    };
    Ok(match v {
        Py::None => "None".into(),
        Py::Bool(true) => "True".into(),
        Py::Bool(false) => "False".into(),
        Py::Int(i) => int_str(
            i.as_str(),
            profile.quirks().codecs.unicode.int_max_str_digits(),
        )
        .map_err(|m| Answer::raised("ValueError", m))?
        .to_string(),
        Py::Str(s) => str_repr_in(s, profile),
        Py::Bytes(b) => bytes_repr(b),
        Py::List(items) => list_repr(&reprs(items)?),
        Py::Tuple(items) => tuple_repr(&reprs(items)?),
        Py::Dict(items) => {
            let inner = items
                .iter()
                .map(|(k, v)| {
                    Ok(format!(
                        "{}: {}",
                        py_repr(k, profile)?,
                        py_repr(v, profile)?
                    ))
                })
                .collect::<Result<Vec<String>, Answer>>()?;
            format!("{{{}}}", inner.join(", "))
        }
        Py::Result(name, items) => {
            let inner = result_fields(name)
                .iter()
                .zip(items)
                .map(|(f, v)| Ok(format!("{f}={}", py_repr(v, profile)?)))
                .collect::<Result<Vec<String>, Answer>>()?;
            format!("{}({})", name, inner.join(", "))
        }
    })
}

/// The field names of a result type (of a name no result class has, a
/// defrag result's).
pub fn result_fields(name: &str) -> &'static [&'static str] {
    result_items(name.trim_end_matches("Bytes"))
        .or_else(|| result_items("DefragResult"))
        .unwrap_or_default()
}

/// Python's `str(v)` in `profile`'s CPython.
pub fn py_str(v: &Py, profile: Behaviour) -> Result<String, Answer> {
    match v {
        Py::Str(s) => Ok(s.clone()),
        other => py_repr(other, profile),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn py(json: &str) -> Py {
        Py::from_json(&serde_json::from_str(json).expect("JSON")).expect("a value")
    }

    #[test]
    fn arrays_are_lists_and_tuples_are_marked() {
        assert_eq!(py("[1]"), Py::List(vec![Py::int(1)]));
        assert_eq!(py(r#"{"tuple": [1]}"#), Py::Tuple(vec![Py::int(1)]));
        let profile = urlsyntax::urllib::Behaviour::default();
        assert_eq!(py_str(&py("[1]"), profile).ok().as_deref(), Some("[1]"));
        let one = py_str(&py(r#"{"tuple": [1]}"#), profile);
        assert_eq!(one.ok().as_deref(), Some("(1,)"));
        // A list is unhashable, also inside a tuple; a tuple of scalars is not.
        assert!(!py("[]").hashable());
        assert!(!py(r#"{"tuple": [[]]}"#).hashable());
        assert!(py(r#"{"tuple": [1, "a"]}"#).hashable());
        // `[1] == (1,)` is false; a tuple equals a result of the same items.
        assert!(!py("[1]").py_eq(&py(r#"{"tuple": [1]}"#)));
        assert!(py(r#"{"tuple": ["a", "b"]}"#).py_eq(&py(r#"{"DefragResult": ["a", "b"]}"#)));
        assert!(py("[true]").py_eq(&py("[1]")));
    }

    #[test]
    fn ints_of_any_size_and_the_digit_limit() {
        let big = format!("1{}", "0".repeat(4300));
        let v = py(&big);
        assert_eq!(v.to_json().to_string(), big);
        let limited = py_str(&v, urlsyntax::urllib::Profile::Py3_9_18.into());
        assert!(matches!(limited, Err(Answer::Raised { ref class, .. }) if class == "ValueError"));
        let fits = py_str(
            &py(&big[..4300]),
            urlsyntax::urllib::Profile::Py3_13_0.into(),
        );
        assert_eq!(fits.ok().map(|s| s.len()), Some(4300));
        assert!(Py::from_json(&serde_json::from_str("1.5").expect("JSON")).is_err());
    }
}
