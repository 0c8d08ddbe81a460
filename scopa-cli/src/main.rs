fn main() { eprintln!("scopa: under construction"); std::process::exit(2); }
