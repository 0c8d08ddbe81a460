//! `uniffi-bindgen`: generates the Kotlin and Swift bindings of scopa-ffi from the built
//! library (`generate --library target/release/libscopa_ffi.so --language kotlin ...`).

fn main() {
    uniffi::uniffi_bindgen_main()
}
