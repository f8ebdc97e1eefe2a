//! CPython's `_coerce_args`: whether a structure function works on text or
//! on bytes, and each argument as the function body then sees it.

use super::value::{decode_arg, Answer, Py};

/// An argument after `_coerce_args`.
#[derive(Clone, Debug, PartialEq)]
pub enum Coerced {
    /// Text: a `str` in text mode; in bytes mode, a `bytes` decoded as
    /// ASCII or a falsy value made `''`.
    Text(String),
    /// A non-text value passed on as it is: in text mode, the falsy ones
    /// (`None`, `b''`, `0`, `[]`, ...) the mixing check lets through; from
    /// 3.15, `None` in bytes mode too.
    Other(Py),
}

impl Coerced {
    /// Python truthiness.
    pub fn truthy(&self) -> bool {
        match self {
            Coerced::Text(s) => !s.is_empty(),
            Coerced::Other(v) => v.truthy(),
        }
    }

    /// Whether this is `None`.
    pub fn is_none(&self) -> bool {
        matches!(self, Coerced::Other(Py::None))
    }

    /// `x[:n] == prefix`: a sequence that is not text compares unequal;
    /// slicing a non-sequence is a `TypeError` (a `dict` looks the slice
    /// up as a key from 3.12: `KeyError`).
    pub fn prefix_is(&self, prefix: &str, dict_slice_is_key_error: bool) -> Result<bool, Answer> {
        match self {
            Coerced::Text(s) => Ok(s.starts_with(prefix)),
            Coerced::Other(Py::Bytes(_) | Py::List(_) | Py::Tuple(_) | Py::Result(..)) => Ok(false),
            Coerced::Other(Py::Dict(_)) if dict_slice_is_key_error => {
                Err(Answer::error("KeyError"))
            }
            Coerced::Other(_) => Err(Answer::error("TypeError")),
        }
    }

    /// The text, where `str + x` needs it: anything else is a `TypeError`.
    pub fn text(&self) -> Result<&str, Answer> {
        match self {
            Coerced::Text(s) => Ok(s),
            Coerced::Other(_) => Err(Answer::error("TypeError")),
        }
    }

    /// The text a `str` method call on this value works on: a `bytes`
    /// value meets a `str` argument (`TypeError`), anything else has no
    /// such method (`AttributeError`).
    pub fn text_for_str_method(&self) -> Result<&str, Answer> {
        match self {
            Coerced::Text(s) => Ok(s),
            Coerced::Other(Py::Bytes(_)) => Err(Answer::error("TypeError")),
            Coerced::Other(_) => Err(Answer::error("AttributeError")),
        }
    }
}

fn mixing_error() -> Answer {
    Answer::raised("TypeError", "Cannot mix str and non-str arguments")
}

/// `_coerce_args(*args)`: `(text_mode, args)`. Up to 3.14 the first
/// argument decides between text and bytes and a falsy one becomes `''` in
/// bytes mode; with `first_non_empty_decides` (3.15+), the first truthy
/// argument decides (else the first that is not `None`; text when all
/// are), and `None` stays `None`.
pub fn coerce_args(
    args: &[&Py],
    first_non_empty_decides: bool,
) -> Result<(bool, Vec<Coerced>), Answer> {
    let is_str = |v: &Py| matches!(v, Py::Str(_));
    let text_mode = if first_non_empty_decides {
        let mut decided: Option<bool> = None;
        for a in args.iter().filter(|a| a.truthy()) {
            match decided {
                None => decided = Some(is_str(a)),
                Some(mode) if mode != is_str(a) => return Err(mixing_error()),
                Some(_) => {}
            }
        }
        let decided = decided.or_else(|| {
            args.iter()
                .find(|a| !matches!(a, Py::None))
                .map(|a| is_str(a))
        });
        decided != Some(false)
    } else {
        let text_mode = args.first().is_some_and(|a| is_str(a));
        if args
            .iter()
            .skip(1)
            .any(|a| a.truthy() && is_str(a) != text_mode)
        {
            return Err(mixing_error());
        }
        text_mode
    };
    let coerced = args
        .iter()
        .map(|a| match a {
            Py::Str(s) if text_mode => Ok(Coerced::Text(s.clone())),
            _ if text_mode => Ok(Coerced::Other((*a).clone())),
            Py::None if first_non_empty_decides => Ok(Coerced::Other(Py::None)),
            _ => decode_arg(a).map(Coerced::Text),
        })
        .collect::<Result<Vec<_>, Answer>>()?;
    Ok((text_mode, coerced))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(args: &[Py], new: bool) -> Option<bool> {
        let refs: Vec<&Py> = args.iter().collect();
        coerce_args(&refs, new).ok().map(|(m, _)| m)
    }

    #[test]
    fn the_first_argument_decides_up_to_3_14_the_first_non_empty_from_3_15() {
        let (none, text, bytes) = (Py::None, Py::Str("x".into()), Py::Bytes(b"x".to_vec()));
        let empty = Py::Str(String::new());
        // urlsplit(None): bytes up to 3.14, text from 3.15.
        assert_eq!(mode(&[none.clone(), empty.clone()], false), Some(false));
        assert_eq!(mode(&[none.clone(), none.clone()], true), Some(true));
        // urlsplit('', b'x'): mixed up to 3.14; bytes from 3.15.
        assert_eq!(mode(&[empty.clone(), bytes.clone()], false), None);
        assert_eq!(mode(&[empty, bytes.clone()], true), Some(false));
        // urlsplit(None, 'x'): mixed up to 3.14; text from 3.15.
        assert_eq!(mode(&[none.clone(), text.clone()], false), None);
        assert_eq!(mode(&[none, text.clone()], true), Some(true));
        assert_eq!(mode(&[text, bytes], true), None);
        // urldefrag(0) is bytes in both.
        assert_eq!(mode(&[Py::int(0)], true), Some(false));
    }
}
