//! `pith` accepts unambiguous prefixes of commands and long options (`pith ex`,
//! `--stop`); for an ambiguous one clap only says "unrecognized". When parsing fails,
//! this names the ambiguity and the candidates instead, and a page given where the
//! command goes (`pith page.html`) is answered with the command that reads it.

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

/// The message for a file or directory given where the command goes (`pith page.html`,
/// clap's "unrecognized subcommand"): the `pith extract` command that reads it.
pub fn input_as_command(cmd: &Command, args: &[String]) -> Option<String> {
    let first = args.first()?;
    let is_command = (cmd.get_subcommands()).any(|s| s.get_name().starts_with(first.as_str()));
    if first.starts_with('-') || is_command || !std::path::Path::new(first).exists() {
        return None;
    }
    let words: Vec<String> = args.iter().map(|a| shell_word(a)).collect();
    Some(format!(
        "{first:?} is not a command; to extract its main text: pith extract {}",
        words.join(" ")
    ))
}

/// `arg` as a shell reads it back: as it is when it holds no character a shell treats
/// specially, else in single quotes.
fn shell_word(arg: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./:=@%+,-".contains(c);
    match !arg.is_empty() && arg.chars().all(plain) {
        true => arg.to_owned(),
        false => format!("'{}'", arg.replace('\'', r"'\''")),
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn shell_words_quote_what_a_shell_would_split_or_expand() {
        assert_eq!(shell_word("pages/a-1.html"), "pages/a-1.html");
        assert_eq!(shell_word("my page.html"), "'my page.html'");
        assert_eq!(shell_word("it's.html"), r"'it'\''s.html'");
        assert_eq!(shell_word("*.html"), "'*.html'");
        assert_eq!(shell_word(""), "''");
    }
}
