//! `urlsyntax::fuzzing` (the `arbitrary` feature) carries the hostile
//! inputs of `tests/hostile/inputs.jsonl`, each with its reason, in order.
#![cfg(feature = "arbitrary")]

use urlsyntax::fuzzing::hostile;

#[test]
fn hostile_inputs_are_the_files() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hostile/inputs.jsonl");
    let text = std::fs::read_to_string(path).expect("tests/hostile/inputs.jsonl");
    let file: Vec<(String, String)> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            (
                v["why"].as_str().unwrap().into(),
                v["input"].as_str().unwrap().into(),
            )
        })
        .collect();
    let ours: Vec<(String, String)> = hostile::HOSTILE
        .iter()
        .flat_map(|h| h.inputs.iter().map(|i| (h.why.to_string(), i.to_string())))
        .collect();
    assert_eq!(ours, file);
    assert_eq!(hostile::inputs().count(), file.len());
}
