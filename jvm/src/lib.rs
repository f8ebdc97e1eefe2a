//! urlsyntax in the JVM: the native methods of the Java class
//! `org.urlsyntax.spark.Native`, behind Spark's Java UDF
//! `org.urlsyntax.spark.UrlField` (`urlsyntax.spark`'s JVM engine).
//!
//! A row's field is answered by the same core as every face, with no
//! Python between Spark and it. [`field`] is the pure half; the two
//! exported functions only carry strings across JNI.

// `no_mangle` is the one unsafe attribute here: JNI finds the methods by
// their mangled Java names, and each signature below is the one the Java
// declaration in `java/org/urlsyntax/spark/Native.java` gives.
#![deny(unsafe_code)]

pub mod field;

use jni::errors::ThrowRuntimeExAndDefault;
use jni::objects::{JClass, JString};
use jni::strings::JNIString;
use jni::sys::jint;
use jni::{jni_str, Env, EnvUnowned};

/// Throws `IllegalArgumentException(message)` into the calling Java frame.
fn throw(env: &mut Env<'_>, message: &str) -> jni::errors::Result<()> {
    match env.throw_new(
        jni_str!("java/lang/IllegalArgumentException"),
        JNIString::new(message),
    ) {
        // The exception is pending: it is what the Java caller sees.
        Err(jni::errors::Error::JavaException) => Ok(()),
        other => other,
    }
}

/// `static native int open(String options)`: the handle of an option set
/// (see [`field::Options::parse`]); throws `IllegalArgumentException` for
/// options that name no profile or are malformed.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_urlsyntax_spark_Native_open<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    options: JString<'caller>,
) -> jint {
    unowned
        .with_env(|env| -> jni::errors::Result<jint> {
            let text = options.mutf8_chars(env)?.to_str().into_owned();
            match field::open(&text) {
                Ok(handle) => Ok(handle),
                Err(message) => throw(env, &message).map(|()| -1),
            }
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

/// `static native String field(int context, String url, int field)`: the
/// field numbered `field` of `url`'s split under the option set `context`,
/// or null; throws `IllegalArgumentException` for an unknown context or
/// field number.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "system" fn Java_org_urlsyntax_spark_Native_field<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    context: jint,
    url: JString<'caller>,
    number: jint,
) -> JString<'caller> {
    unowned
        .with_env(|env| -> jni::errors::Result<JString<'caller>> {
            let answer = field::context(context).and_then(|options| {
                // Java strings cross as modified UTF-8: `to_str` gives the
                // URL's own text (surrogate pairs and NUL decoded).
                let chars = url.mutf8_chars(env).map_err(|e| e.to_string())?;
                field::field(options, &chars.to_str(), number)
            });
            match answer {
                Ok(Some(text)) => JString::from_str(env, text),
                Ok(None) => Ok(JString::null()),
                Err(message) => throw(env, &message).map(|()| JString::null()),
            }
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}
