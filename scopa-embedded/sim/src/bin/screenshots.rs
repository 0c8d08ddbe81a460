//! Writes every screen to PNG: `cargo run -p scopa-sim --bin screenshots -- <dir>`
//! (default: the goldens directory).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(scopa_sim::goldens_dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("screenshots: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let screens = match scopa_sim::screens() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("screenshots: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (name, app) in &screens {
        let path = dir.join(format!("{name}.png"));
        if let Err(e) = scopa_sim::save_png(&scopa_sim::render(app), &path) {
            eprintln!("screenshots: {e}");
            return ExitCode::FAILURE;
        }
        println!("{}", path.display());
    }
    ExitCode::SUCCESS
}
