//! ABNF read by the `abnf` crate, matched and sampled: the reference side
//! of `tests/grammar_abnf.rs`. A rule is matched as the set of end
//! positions it can reach from a start (an ABNF rule is a set of strings,
//! so all its readings count), memoized per (rule, start), over the
//! characters of short strings.

use std::collections::HashMap;

use abnf::types::{Node, Repeat, TerminalValues};

/// RFC 5234 Appendix B.1's core rules that the grammars use.
const CORE: &str = "ALPHA = %x41-5A / %x61-7A\nDIGIT = %x30-39\n\
                    HEXDIG = DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\"\n";

/// The longest string matched: end positions are bits of a `u128`.
pub const MAX_LEN: usize = 127;

/// A rule's definition, its rule names resolved to indices.
#[derive(Clone, Debug)]
enum Expr {
    Alt(Vec<Expr>),
    Cat(Vec<Expr>),
    Rep(usize, Option<usize>, Box<Expr>),
    Opt(Box<Expr>),
    Rule(usize),
    /// A quoted string, and whether it is case-sensitive.
    Str(Vec<char>, bool),
    Range(u32, u32),
    Seq(Vec<u32>),
    /// A prose value: matches nothing (`0<pchar>` never reads it).
    Prose,
}

/// The rules of one `.abnf` file, with the core rules.
pub struct Grammar {
    /// Rule names as written in the file, in order (without the core rules).
    pub names: Vec<String>,
    exprs: Vec<Expr>,
    index: HashMap<String, usize>,
}

impl Grammar {
    /// The rules of `text`, plus the core rules (`ALPHA`, `DIGIT`,
    /// `HEXDIG`); `extra` adds or replaces rules (a part's `accepted`).
    pub fn new(text: &str, extra: &str) -> Grammar {
        let file = abnf::rulelist(text).unwrap_or_else(|e| panic!("{e}"));
        let more = abnf::rulelist(&format!("{CORE}{extra}")).unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<String> = file.iter().map(|r| r.name().to_string()).collect();
        let mut index = HashMap::new();
        let mut nodes = Vec::new();
        for r in file.iter().chain(&more) {
            let key = r.name().to_ascii_lowercase();
            match index.get(&key) {
                Some(&i) => nodes[i] = r.node().clone(),
                None => {
                    index.insert(key, nodes.len());
                    nodes.push(r.node().clone());
                }
            }
        }
        let mut g = Grammar {
            names,
            exprs: Vec::new(),
            index,
        };
        g.exprs = nodes.iter().map(|n| g.compile(n)).collect();
        g
    }

    fn compile(&self, n: &Node) -> Expr {
        match n {
            Node::Alternatives(v) => Expr::Alt(v.iter().map(|n| self.compile(n)).collect()),
            Node::Concatenation(v) => Expr::Cat(v.iter().map(|n| self.compile(n)).collect()),
            Node::Repetition { repeat, node } => {
                let (min, max) = match repeat {
                    Repeat::Specific(n) => (*n, Some(*n)),
                    Repeat::Variable { min, max } => (min.unwrap_or(0), *max),
                };
                Expr::Rep(min, max, Box::new(self.compile(node)))
            }
            Node::Rulename(name) => Expr::Rule(self.rule(name)),
            Node::Group(n) => self.compile(n),
            Node::Optional(n) => Expr::Opt(Box::new(self.compile(n))),
            Node::String(s) => Expr::Str(s.value().chars().collect(), s.is_case_sensitive()),
            Node::TerminalValues(TerminalValues::Range(a, b)) => Expr::Range(*a, *b),
            Node::TerminalValues(TerminalValues::Concatenation(v)) => Expr::Seq(v.clone()),
            Node::Prose(_) => Expr::Prose,
        }
    }

    /// The index of the rule `name` (ABNF rule names ignore case).
    fn rule(&self, name: &str) -> usize {
        *self
            .index
            .get(&name.to_ascii_lowercase())
            .unwrap_or_else(|| panic!("rule {name} is not defined"))
    }

    /// Whether the rule `name` matches all of `s`.
    pub fn matches(&self, name: &str, s: &str) -> bool {
        let input: Vec<char> = s.chars().collect();
        assert!(input.len() <= MAX_LEN, "{s:?} is too long to match");
        let mut m = Matcher {
            g: self,
            input: &input,
            memo: HashMap::new(),
        };
        (m.ends(&Expr::Rule(self.rule(name)), 0) >> input.len()) & 1 == 1
    }

    /// A random string of the rule `name`, repetitions kept short.
    pub fn sample(&self, name: &str, rng: &mut Rng) -> String {
        let mut out = String::new();
        self.sample_expr(&Expr::Rule(self.rule(name)), rng, &mut out, 0);
        out
    }

    fn sample_expr(&self, e: &Expr, rng: &mut Rng, out: &mut String, depth: usize) {
        assert!(depth < 64, "the grammar recurses");
        match e {
            Expr::Alt(v) => self.sample_expr(&v[rng.below(v.len())], rng, out, depth + 1),
            Expr::Cat(v) => v
                .iter()
                .for_each(|e| self.sample_expr(e, rng, out, depth + 1)),
            Expr::Rep(min, max, e) => {
                let most = max.unwrap_or(min + 4).min(min + 4);
                for _ in 0..min + rng.below(most - min + 1) {
                    self.sample_expr(e, rng, out, depth + 1);
                }
            }
            Expr::Opt(e) => {
                if rng.below(2) == 0 {
                    self.sample_expr(e, rng, out, depth + 1);
                }
            }
            Expr::Rule(i) => self.sample_expr(&self.exprs[*i], rng, out, depth + 1),
            Expr::Str(s, sensitive) => out.extend(s.iter().map(|&c| match rng.below(2) {
                0 if !sensitive => c.to_ascii_uppercase(),
                _ => c,
            })),
            Expr::Range(a, b) => out.push(pick_in(*a, *b, rng)),
            Expr::Seq(v) => out.extend(v.iter().filter_map(|&c| char::from_u32(c))),
            Expr::Prose => {}
        }
    }

    /// The characters the rule `name` is made of, and those just outside
    /// its ranges: the alphabet of strings that come near it.
    pub fn alphabet(&self, name: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut seen = vec![false; self.exprs.len()];
        self.alphabet_of(&Expr::Rule(self.rule(name)), &mut seen, &mut out);
        out.sort();
        out.dedup();
        out
    }

    fn alphabet_of(&self, e: &Expr, seen: &mut [bool], out: &mut Vec<String>) {
        match e {
            Expr::Alt(v) | Expr::Cat(v) => v.iter().for_each(|e| self.alphabet_of(e, seen, out)),
            Expr::Rep(_, _, e) | Expr::Opt(e) => self.alphabet_of(e, seen, out),
            Expr::Rule(i) if !seen[*i] => {
                seen[*i] = true;
                self.alphabet_of(&self.exprs[*i], seen, out);
            }
            Expr::Rule(_) | Expr::Prose => {}
            Expr::Str(s, _) => {
                out.push(s.iter().collect());
                out.push(s.iter().map(char::to_ascii_uppercase).collect());
            }
            Expr::Range(a, b) => {
                let edges = [a.checked_sub(1), Some(*a), Some(*b), b.checked_add(1)];
                out.extend(
                    edges
                        .into_iter()
                        .flatten()
                        .filter_map(char::from_u32)
                        .map(String::from),
                );
            }
            Expr::Seq(v) => out.push(v.iter().filter_map(|&c| char::from_u32(c)).collect()),
        }
    }
}

/// A character of `a..=b`: an end, or one between (ASCII where the range
/// holds some, as the grammars' delimiters are).
fn pick_in(a: u32, b: u32, rng: &mut Rng) -> char {
    let c = match rng.below(4) {
        0 => a,
        1 => b,
        2 if a < 0x80 => a + rng.below((b.min(0x7f) - a + 1) as usize) as u32,
        _ => a + rng.below((b - a + 1) as usize) as u32,
    };
    // A surrogate is no character: its range's first end stands for it.
    char::from_u32(c).unwrap_or_else(|| char::from_u32(a).unwrap_or('\0'))
}

struct Matcher<'g, 'i> {
    g: &'g Grammar,
    input: &'i [char],
    memo: HashMap<(usize, usize), u128>,
}

impl Matcher<'_, '_> {
    /// The positions where `e` can end when started at `at`, as bits.
    fn ends(&mut self, e: &Expr, at: usize) -> u128 {
        let next = self.input.get(at).copied();
        match e {
            Expr::Alt(v) => v.iter().fold(0, |acc, e| acc | self.ends(e, at)),
            Expr::Cat(v) => v.iter().fold(1 << at, |from, e| self.step(e, from)),
            Expr::Rep(min, max, e) => self.repeat(e, *min, *max, 1 << at),
            Expr::Opt(e) => 1 << at | self.ends(e, at),
            Expr::Rule(i) => {
                if let Some(&found) = self.memo.get(&(*i, at)) {
                    return found;
                }
                let g = self.g;
                let found = self.ends(&g.exprs[*i], at);
                self.memo.insert((*i, at), found);
                found
            }
            Expr::Str(s, sensitive) => {
                let here = self.input.get(at..at + s.len());
                let same = here.is_some_and(|h| {
                    h.iter().zip(s).all(|(a, b)| match sensitive {
                        true => a == b,
                        false => a.eq_ignore_ascii_case(b),
                    })
                });
                if same {
                    1 << (at + s.len())
                } else {
                    0
                }
            }
            Expr::Range(a, b) => match next {
                Some(c) if (*a..=*b).contains(&u32::from(c)) => 1 << (at + 1),
                _ => 0,
            },
            Expr::Seq(v) => {
                let here = self.input.get(at..at + v.len());
                if here.is_some_and(|h| h.iter().map(|&c| u32::from(c)).eq(v.iter().copied())) {
                    1 << (at + v.len())
                } else {
                    0
                }
            }
            Expr::Prose => 0,
        }
    }

    /// The ends of `e` from every position of `from`.
    fn step(&mut self, e: &Expr, from: u128) -> u128 {
        (0..=self.input.len())
            .filter(|&p| (from >> p) & 1 == 1)
            .fold(0, |acc, p| acc | self.ends(e, p))
    }

    /// `min*max e` from the positions of `from`.
    fn repeat(&mut self, e: &Expr, min: usize, max: Option<usize>, from: u128) -> u128 {
        let mut frontier = from;
        for _ in 0..min {
            frontier = self.step(e, frontier);
        }
        let (mut found, mut seen) = (frontier, frontier);
        let mut count = min;
        while frontier != 0 && max.is_none_or(|m| count < m) {
            let next = self.step(e, frontier);
            count += 1;
            found |= next;
            // Unbounded: only positions not reached yet read further.
            frontier = if max.is_none() { next & !seen } else { next };
            seen |= next;
        }
        found
    }
}

/// A xorshift generator: the same seed, the same strings.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
