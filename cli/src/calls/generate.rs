//! Seeded calls of the protocol, for `urlsyntax diff` and its benchmark:
//! the library's generator (`urlsyntax::fuzzing`) fed from a seeded random
//! stream, one stream a call, so that call `i` of seed `s` is the same
//! whatever the count, the jobs or the machine.

use rayon::prelude::*;
use serde_json::{json, Map, Value as Json};
use urlsyntax::fuzzing::{Call, CallGenerator, Unstructured, Value};

/// The random bytes behind one call (the generator stops reading where a
/// call is complete; running out only makes the rest simplest).
const BYTES_PER_CALL: usize = 384;

/// Call `index` of `seed`, as JSON.
pub fn seeded_call(generator: &CallGenerator, seed: u64, index: u64) -> Json {
    // splitmix64 of (seed, index): neighbouring seeds give unrelated streams.
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    let mut bytes = [0u8; BYTES_PER_CALL];
    fastrand::Rng::with_seed(z ^ (z >> 31)).fill(&mut bytes);
    let mut u = Unstructured::new(&bytes);
    // The generator never fails on a stream of bytes: at worst it runs out
    // and takes the simplest pieces.
    let call = generator.call(&mut u).unwrap_or_else(|_| {
        generator
            .call_with_url(generator.kinds()[0], "")
            .unwrap_or(empty())
    });
    call_json(&call)
}

fn empty() -> Call {
    Call {
        function: "urlsplit".into(),
        args: vec![Value::Str(String::new())],
        kwargs: Vec::new(),
    }
}

/// `count` seeded calls, in order (made on every core).
pub fn seeded_calls(generator: &CallGenerator, seed: u64, count: u64) -> Vec<Json> {
    (0..count)
        .into_par_iter()
        .map(|i| seeded_call(generator, seed, i))
        .collect()
}

/// A call as the protocol writes it.
pub fn call_json(call: &Call) -> Json {
    let mut m = Map::new();
    m.insert("fn".into(), Json::String(call.function.clone()));
    m.insert(
        "args".into(),
        Json::Array(call.args.iter().map(value_json).collect()),
    );
    if !call.kwargs.is_empty() {
        let kw: Map<String, Json> = call
            .kwargs
            .iter()
            .map(|(k, v)| ((*k).to_string(), value_json(v)))
            .collect();
        m.insert("kwargs".into(), Json::Object(kw));
    }
    Json::Object(m)
}

fn value_json(v: &Value) -> Json {
    match v {
        Value::None => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Int(i) => Json::Number(i.to_string().parse().unwrap_or_else(|_| 0.into())),
        Value::Str(s) => Json::String(s.clone()),
        Value::Bytes(b) => json!({ "bytes": super::value::hex(b) }),
        Value::List(items) => Json::Array(items.iter().map(value_json).collect()),
        Value::Tuple(items) => json!({ "tuple": items.iter().map(value_json).collect::<Vec<_>>() }),
        Value::Dict(items) => json!({
            "dict": items.iter().map(|(k, v)| json!([value_json(k), value_json(v)])).collect::<Vec<_>>()
        }),
    }
}
