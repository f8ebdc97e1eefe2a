//! Unit tests of `relative`.

use super::*;

/// Ocamlnet's definition: remove the leftmost pair, again and again.
fn remove_dot_dot_once(l: &[String]) -> Option<Vec<String>> {
    for i in 0..l.len().saturating_sub(1) {
        let x = &l[i];
        if l[i + 1] == ".." && !x.is_empty() && x != ".." {
            let mut out: Vec<String> = l[..i].to_vec();
            if i + 2 == l.len() && i != 0 {
                out.push(String::new());
            } else {
                out.extend_from_slice(&l[i + 2..]);
            }
            return Some(out);
        }
    }
    None
}

#[test]
fn one_pass_equals_repeated_removal() {
    let words = ["", "a", "..", "b"];
    for len in 0..=7u32 {
        for mut code in 0..4usize.pow(len) {
            let mut l = Vec::new();
            for _ in 0..len {
                l.push(words[code % 4].to_string());
                code /= 4;
            }
            let mut want = l.clone();
            while let Some(next) = remove_dot_dot_once(&want) {
                want = next;
            }
            assert_eq!(remove_dot_dot(l.clone()), want, "{l:?}");
        }
    }
}
