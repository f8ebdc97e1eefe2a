//! neturl.* calls (being written).
use super::value::{Answer, Args};
pub fn call(
    name: &str,
    _args: &Args,
    _call: &serde_json::Map<String, serde_json::Value>,
) -> Answer {
    Answer::unsupported(format!("unknown function neturl.{name}"))
}
