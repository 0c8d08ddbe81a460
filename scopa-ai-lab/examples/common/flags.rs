//! The command line of the lab's programs: `--flag value` pairs.

/// The command line as `--flag value` pairs, each given to `set(flag, value)`; an error
/// names the flag.
pub fn parse_flags(set: impl FnMut(&str, &str) -> Result<(), String>) -> Result<(), String> {
    parse_flags_skip(1, set)
}

/// [`parse_flags`] from argument `skip` on (after a subcommand).
#[allow(dead_code)]
pub fn parse_flags_skip(
    skip: usize,
    mut set: impl FnMut(&str, &str) -> Result<(), String>,
) -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(skip).collect();
    for pair in args.chunks(2) {
        let val = pair
            .get(1)
            .ok_or_else(|| format!("{} needs a value", pair[0]))?;
        set(pair[0].as_str(), val)?;
    }
    Ok(())
}

/// `val` parsed for `flag`, or an error naming the flag.
pub fn value<T: std::str::FromStr>(flag: &str, val: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    val.parse().map_err(|e| format!("{flag}: {e}"))
}
