//! Builds the JVM engine of `urlsyntax.spark` when a JDK is there: the
//! Rust crate `../jvm` (a JNI library) and its Java classes, packed into
//! one jar that the extension module carries (`_native._jvm_jar()`).
//!
//! Without `javac` the package builds without it, and `urlsyntax.spark`
//! answers through its Arrow UDFs alone. `URLSYNTAX_JVM=0` skips it;
//! `URLSYNTAX_JVM=1` makes a missing JDK an error.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{exit, Command};

fn main() {
    println!("cargo::rustc-check-cfg=cfg(urlsyntax_jvm)");
    for watched in [
        "../jvm/src",
        "../jvm/java",
        "../jvm/java-stubs",
        "../jvm/Cargo.toml",
        "../jvm/Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={watched}");
    }
    println!("cargo:rerun-if-env-changed=URLSYNTAX_JVM");
    println!("cargo:rerun-if-env-changed=JAVA_HOME");
    let wanted = env::var("URLSYNTAX_JVM").unwrap_or_default();
    if wanted == "0" {
        return;
    }
    let (javac, jar) = match jdk() {
        Some(tools) => tools,
        None if wanted == "1" => fail("URLSYNTAX_JVM=1, but no JDK (javac and jar) was found"),
        None => {
            println!("cargo:warning=no JDK (javac) found: urlsyntax.spark is built without its JVM engine");
            return;
        }
    };
    let out = PathBuf::from(env::var("OUT_DIR").unwrap_or_else(|_| fail("OUT_DIR is not set")));
    let library = build_library(&out);
    let classes = out.join("jvm-classes");
    let _ = fs::remove_dir_all(&classes);
    run(Command::new(&javac)
        .args(["--release", "17", "-nowarn", "-d"])
        .arg(&classes)
        .args(["-sourcepath", "../jvm/java:../jvm/java-stubs"])
        .arg("../jvm/java/org/urlsyntax/spark/UrlField.java"));
    // Spark's interface was compiled against, not packed: Spark's own is used.
    let _ = fs::remove_dir_all(classes.join("org/apache"));
    let name = format!(
        "{}urlsyntax_jvm{}",
        env::consts::DLL_PREFIX,
        env::consts::DLL_SUFFIX
    );
    fs::copy(&library, classes.join("org/urlsyntax/spark").join(&name))
        .unwrap_or_else(|e| fail(&format!("copying {}: {e}", library.display())));
    let packed = out.join("urlsyntax-jvm.jar");
    let _ = fs::remove_file(&packed);
    run(Command::new(&jar)
        .arg("--create")
        .arg("--file")
        .arg(&packed)
        .arg("-C")
        .arg(&classes)
        .arg("."));
    println!("cargo:rustc-cfg=urlsyntax_jvm");
    println!("cargo:rustc-env=URLSYNTAX_JVM_JAR={}", packed.display());
}

/// `javac` and `jar`, from `JAVA_HOME` or the `PATH`, if they run.
fn jdk() -> Option<(PathBuf, PathBuf)> {
    let home = env::var_os("JAVA_HOME").map(|h| PathBuf::from(h).join("bin"));
    let tool = |name: &str| {
        let path = home
            .as_ref()
            .map(|h| h.join(name))
            .filter(|p| p.exists())
            .unwrap_or_else(|| name.into());
        let runs = Command::new(&path)
            .arg("--version")
            .output()
            .map(|o| o.status.success());
        runs.unwrap_or(false).then_some(path)
    };
    Some((tool("javac")?, tool("jar")?))
}

/// The JNI library, built by a cargo of its own in a target directory
/// beside this build's (shared by the package's builds for each ABI).
fn build_library(out: &Path) -> PathBuf {
    // OUT_DIR is <target>/[<triple>/]<profile>/build/<package>/out.
    let target_dir = out.ancestors().nth(4).unwrap_or(out).join("jvm");
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = Command::new(cargo);
    build
        .args([
            "build",
            "--release",
            "--locked",
            "--manifest-path",
            "../jvm/Cargo.toml",
            "--target-dir",
        ])
        .arg(&target_dir)
        // This build's own flags and target directory are not the library's.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET");
    let (target, host) = (
        env::var("TARGET").unwrap_or_default(),
        env::var("HOST").unwrap_or_default(),
    );
    let mut release = target_dir.clone();
    if target != host {
        build.args(["--target", &target]);
        release.push(&target);
    }
    run(&mut build);
    let name = format!(
        "{}urlsyntax_jvm{}",
        env::consts::DLL_PREFIX,
        env::consts::DLL_SUFFIX
    );
    release.join("release").join(name)
}

fn run(command: &mut Command) {
    match command.status() {
        Ok(s) if s.success() => {}
        Ok(s) => fail(&format!("{command:?} failed ({s})")),
        Err(e) => fail(&format!("{command:?} could not start: {e}")),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("urlsyntax-python build: {message}");
    exit(1)
}
