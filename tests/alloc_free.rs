//! `urlsplit` and `urlparse` make no heap allocation for a URL without
//! tab, CR or LF whose scheme (if any) is lowercase: every component
//! borrows from the input (`urlsplit` also lowercases the common schemes
//! written in capitals without one). A counting global allocator checks it, over the
//! real URL lists and a few hand-picked shapes, bracketed hosts included.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: defers to `System`, only counting calls (per thread, so the test
// harness's other threads do not disturb the count).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_of(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

fn corpus(name: &str) -> String {
    let path = format!(
        "{}/tests/data/corpora/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

/// The URLs the promise covers: no tab/CR/LF, no uppercase scheme letter.
fn covered(url: &str) -> bool {
    let scheme_has_upper = url
        .split_once(':')
        .is_some_and(|(s, _)| s.bytes().any(|b| b.is_ascii_uppercase()));
    !url.contains(['\t', '\r', '\n']) && !scheme_has_upper
}

const SHAPES: &[&str] = &[
    "",
    "http://a/b/c/d;p?q#f",
    "  http://www.python.org/ leading space and trailing space ",
    "https://user:pw@host.example:8080/p/a/t/h;params?query=1&b=2#frag",
    "mailto:someone@example.com",
    "file:///etc/passwd",
    "//netloc/only",
    "relative/path?q",
    "path;p1;p2",
    "http://ünïcode.example/päth?q=ü#frag",
    "http://[v1.fe80::a+en1]/x",
    "http://[::1]:80/x",
    "http://[fe80::1%25eth0]/",
    "http://[::ffff:1.2.3.4]/",
    "http://u@[1:2:3:4:5:6:7:8]:443/",
    "ftp://ftp.example.org/pub;type=i",
    "1http:x",
    "http:",
    "#",
    "?",
];

#[test]
fn urlsplit_and_urlparse_do_not_allocate() {
    let kasztp = corpus("kasztp");
    let node = corpus("node_files");
    let urls: Vec<&str> = kasztp
        .split('\n')
        .chain(node.split('\n'))
        .chain(SHAPES.iter().copied())
        .filter(|u| covered(u))
        .collect();
    assert!(urls.len() > 90_000);
    for url in urls {
        let n = allocations_of(|| {
            let r = urlsyntax::urllib::urlsplit(url);
            assert!(r.is_ok(), "{url:?}");
            drop(r);
        });
        assert_eq!(n, 0, "urlsplit({url:?}) allocated {n} times");
        let n = allocations_of(|| {
            let r = urlsyntax::urllib::urlparse(url);
            assert!(r.is_ok(), "{url:?}");
            drop(r);
        });
        assert_eq!(n, 0, "urlparse({url:?}) allocated {n} times");
    }
}

#[test]
fn the_counter_counts() {
    assert_eq!(allocations_of(|| drop(Box::new(1u8))), 1);
    // Tab removal and an uppercase scheme need an owned copy.
    assert!(allocations_of(|| drop(urlsyntax::urllib::urlsplit("ht\ttp://a/"))) > 0);
    assert!(allocations_of(|| drop(urlsyntax::urllib::urlsplit("XYZ://a/"))) > 0);
}

#[test]
fn common_schemes_in_capitals_are_lowercased_without_allocating() {
    for url in ["HTTP://a/", "Https://a/b?c", "FILE:///etc", "MailTo:x@y"] {
        let want = url.split(':').next().unwrap().to_ascii_lowercase();
        let mut scheme_matches = false;
        let n = allocations_of(|| {
            let r = urlsyntax::urllib::urlsplit(url).unwrap();
            scheme_matches = r.scheme == want.as_str();
            drop(r);
        });
        assert!(scheme_matches, "{url:?}");
        assert_eq!(n, 0, "urlsplit({url:?}) allocated {n} times");
    }
}
