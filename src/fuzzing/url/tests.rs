//! Unit tests of `url`.

use super::*;

#[test]
fn zero_bytes_give_the_simplest_input() {
    let UrlText(url) = UrlText::arbitrary(&mut Unstructured::new(&[0; 64])).unwrap();
    assert_eq!(url, "http:a");
    let UrlText(url) = UrlText::arbitrary(&mut Unstructured::new(&[])).unwrap();
    assert_eq!(url, "http:a");
}

#[test]
fn the_same_bytes_give_the_same_input_and_others_vary() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..2000 {
        let bytes = random_bytes(seed, 128);
        let a = url_text(&mut Unstructured::new(&bytes)).unwrap();
        let b = url_text(&mut Unstructured::new(&bytes)).unwrap();
        assert_eq!(a, b);
        seen.insert(a);
    }
    assert!(seen.len() > 1000, "only {} distinct inputs", seen.len());
}
