//! Seeded strings built from pieces: the generator the grammar's property
//! tests share (`tests/grammar_combinators.rs`, `tests/rfc3986_fluent.rs`).

/// Strings of up to `max_pieces - 1` pieces drawn from `pieces`, by a
/// xorshift generator started at `seed`: the same seed, the same strings.
pub struct Strings {
    state: u64,
    pieces: &'static [&'static str],
    max_pieces: usize,
}

impl Strings {
    pub fn new(seed: u64, pieces: &'static [&'static str], max_pieces: usize) -> Strings {
        Strings {
            state: seed,
            pieces,
            max_pieces,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        (self.state % n as u64) as usize
    }
}

impl Iterator for Strings {
    type Item = String;
    fn next(&mut self) -> Option<String> {
        let len = self.below(self.max_pieces);
        Some(
            (0..len)
                .map(|_| self.pieces[self.below(self.pieces.len())])
                .collect(),
        )
    }
}
