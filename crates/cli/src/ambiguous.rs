//! `pith` accepts unambiguous prefixes of commands and long options (`pith ex`,
//! `--stop`); for an ambiguous one clap only says "unrecognized". When parsing fails,
//! this names the ambiguity and the candidates instead.

use clap::Command;

/// The message for the first ambiguous prefix in `args` (without the program name),
/// if there is one.
pub fn ambiguity(cmd: &Command, args: &[String]) -> Option<String> {
    let mut cmd = cmd;
    let mut rest = args;
    // Walk down the subcommands the arguments name.
    while cmd.has_subcommands() {
        let (first, tail) = rest.split_first()?;
        if first.starts_with('-') {
            break;
        }
        let matches: Vec<&Command> = cmd
            .get_subcommands()
            .filter(|s| s.get_name().starts_with(first.as_str()))
            .collect();
        if let Some(exact) = matches.iter().find(|s| s.get_name() == first) {
            cmd = exact;
        } else if matches.len() == 1 {
            cmd = matches[0];
        } else if matches.len() > 1 {
            let names: Vec<&str> = matches.iter().map(|s| s.get_name()).collect();
            return Some(format!(
                "ambiguous command {first:?}: it could be {}",
                names.join(", ")
            ));
        } else {
            return None;
        }
        rest = tail;
    }
    for arg in rest {
        if arg == "--" {
            break;
        }
        let Some(name) = arg.strip_prefix("--") else {
            continue;
        };
        let name = name.split('=').next().unwrap_or(name);
        let longs: Vec<&str> = cmd.get_arguments().filter_map(|a| a.get_long()).collect();
        if longs.contains(&name) {
            continue;
        }
        let matches: Vec<String> = longs
            .iter()
            .filter(|l| l.starts_with(name))
            .map(|l| format!("--{l}"))
            .collect();
        if matches.len() > 1 {
            return Some(format!(
                "ambiguous option --{name}: it could be {}",
                matches.join(", ")
            ));
        }
    }
    None
}
