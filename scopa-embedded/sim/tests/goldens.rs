//! Golden-image tests: every screen rendered by the real UI code must match the PNG in
//! `sim/goldens/` pixel for pixel. After a deliberate change, regenerate them with
//! `UPDATE_GOLDENS=1 cargo test -p scopa-sim --test goldens` and review the PNGs.

use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics_simulator::SimulatorDisplay;

#[test]
fn every_screen_matches_its_golden_image() {
    let update = std::env::var_os("UPDATE_GOLDENS").is_some_and(|v| v == "1");
    let dir = scopa_sim::goldens_dir();
    let actual_dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/golden-actual");
    let screens = scopa_sim::screens().unwrap();
    assert!(
        screens.len() >= 19,
        "expected every screen, got {}",
        screens.len()
    );
    let mut failures = Vec::new();
    for (name, app) in &screens {
        let display = scopa_sim::render(app);
        let path = dir.join(format!("{name}.png"));
        if update {
            scopa_sim::save_png(&display, &path).unwrap();
            continue;
        }
        let golden = match SimulatorDisplay::<Rgb565>::load_png(&path) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{name}: cannot read {}: {e}", path.display()));
                continue;
            }
        };
        let mut differing = 0;
        for y in 0..scopa_ui::HEIGHT as i32 {
            for x in 0..scopa_ui::WIDTH as i32 {
                let p = Point::new(x, y);
                if golden.get_pixel(p) != display.get_pixel(p) {
                    differing += 1;
                }
            }
        }
        if differing > 0 {
            std::fs::create_dir_all(&actual_dir).unwrap();
            let out = actual_dir.join(format!("{name}.png"));
            scopa_sim::save_png(&display, &out).unwrap();
            failures.push(format!(
                "{name}: {differing} pixels differ from {} (actual: {})",
                path.display(),
                out.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "golden images differ (if the change is deliberate: UPDATE_GOLDENS=1 cargo test -p scopa-sim --test goldens):\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_png_round_trip_is_exact_so_the_comparison_is_meaningful() {
    // Rgb565 → PNG (Rgb888) → Rgb565 must give the same pixels, or the test above could
    // not tell a change from a conversion loss.
    let app = scopa_sim::screens()
        .unwrap()
        .into_iter()
        .find(|(n, _)| *n == "table")
        .unwrap()
        .1;
    let display = scopa_sim::render(&app);
    let dir = std::env::temp_dir().join(format!("scopa-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("rt.png");
    scopa_sim::save_png(&display, &path).unwrap();
    let back = SimulatorDisplay::<Rgb565>::load_png(&path).unwrap();
    let mut changed = display.clone();
    assert!(back.diff(&display).is_none());
    // And a one-pixel change is seen.
    Pixel(Point::new(3, 3), Rgb565::new(1, 2, 3))
        .draw(&mut changed)
        .unwrap();
    assert!(back.diff(&changed).is_some());
}
