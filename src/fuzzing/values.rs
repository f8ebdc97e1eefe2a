//! The values and calls of the conformance-calls protocol, as the
//! generators make them.

/// A Python value as the protocol carries it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// `None`
    None,
    /// `True` / `False`
    Bool(bool),
    /// `int`
    Int(i128),
    /// `str`
    Str(String),
    /// `bytes`
    Bytes(Vec<u8>),
    /// `list`
    List(Vec<Value>),
    /// `tuple`
    Tuple(Vec<Value>),
    /// `dict`, in insertion order
    Dict(Vec<(Value, Value)>),
}

/// One call: `function` is the protocol's name (`"urlsplit.port"`,
/// `"neturl.parse_url"`), `args` positional, `kwargs` by keyword.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Call {
    /// The protocol's function name.
    pub function: String,
    /// Positional arguments.
    pub args: Vec<Value>,
    /// Keyword arguments, in order.
    pub kwargs: Vec<(&'static str, Value)>,
}
