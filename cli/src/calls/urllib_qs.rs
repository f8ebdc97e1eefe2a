//! urllib query/quote calls (being written).
use super::value::{Answer, Args};
use urlsyntax::urllib::Profile;
pub fn call(_name: &str, _args: &Args, _profile: Profile) -> Option<Answer> {
    None
}
