//! uniffi bindings of scopa-core (under construction).
