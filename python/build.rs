//! Embeds the JVM engine of `urlsyntax.spark` in the extension module
//! (`_native._jvm_jar()`) when `URLSYNTAX_JVM_JAR` names its jar: the Java
//! UDF and its JNI library, which `jvm/build-jar.sh` builds for the
//! wheel's target (`python/build-wheels.sh` runs both). Nothing is built
//! here.
//!
//! Without it the package builds without its JVM engine, and
//! `urlsyntax.spark` answers through its Arrow UDFs alone.

use std::env;
use std::path::Path;
use std::process::exit;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(urlsyntax_jvm)");
    println!("cargo:rerun-if-env-changed=URLSYNTAX_JVM_JAR");
    let Some(jar) = env::var_os("URLSYNTAX_JVM_JAR").filter(|j| !j.is_empty()) else {
        return;
    };
    let jar = Path::new(&jar);
    if !jar.is_absolute() || !jar.is_file() {
        eprintln!(
            "urlsyntax-python build: URLSYNTAX_JVM_JAR={} is not the absolute path of a file",
            jar.display()
        );
        exit(1);
    }
    println!("cargo:rerun-if-changed={}", jar.display());
    println!("cargo:rustc-cfg=urlsyntax_jvm");
    println!("cargo:rustc-env=URLSYNTAX_JVM_JAR={}", jar.display());
}
