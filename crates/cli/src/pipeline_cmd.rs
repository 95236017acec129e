//! `pith pipeline list|show`.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Subcommand;

use crate::UsageError;

#[derive(Subcommand, Debug)]
pub enum PipelineCommand {
    /// List the built-in presets.
    List,
    /// Print a preset's pipeline file.
    Show {
        /// The preset.
        name: String,
        /// Print TOML instead of JSON.
        #[arg(long)]
        toml: bool,
    },
}

pub fn pipeline_command(cmd: PipelineCommand) -> Result<ExitCode, UsageError> {
    let out = io::stdout();
    let mut out = out.lock();
    match cmd {
        PipelineCommand::List => {
            for p in pith::presets() {
                let _ = writeln!(out, "{:<24} {}", p.name, p.description);
            }
        }
        PipelineCommand::Show { name, toml } => {
            let pipeline = pith::preset(&name).map_err(|e| UsageError(e.to_string()))?;
            let text = if toml {
                pipeline.to_toml().map_err(|e| UsageError(e.to_string()))?
            } else {
                pipeline.to_json() + "\n"
            };
            let _ = out.write_all(text.as_bytes());
        }
    }
    Ok(ExitCode::SUCCESS)
}
