//! A shared library with no plugin root module.

/// Something to export.
#[no_mangle]
pub extern "C" fn not_a_plugin_answer() -> u32 {
    42
}
