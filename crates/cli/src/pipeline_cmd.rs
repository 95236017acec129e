//! `pith pipeline list|show|check`.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Subcommand;

use crate::say::say;
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
    /// Load and validate a pipeline file (JSON, or TOML if it ends in .toml) and print
    /// it normalised: every stage with every parameter, defaults filled in.
    Check {
        /// The pipeline file.
        file: std::path::PathBuf,
        /// Print TOML instead of JSON.
        #[arg(long)]
        toml: bool,
    },
}

/// Prints a pipeline as JSON or TOML.
fn print_pipeline(
    out: &mut impl Write,
    pipeline: &pith::Pipeline,
    toml: bool,
) -> Result<(), UsageError> {
    let text = if toml {
        pipeline.to_toml().map_err(|e| UsageError(e.to_string()))?
    } else {
        pipeline.to_json() + "\n"
    };
    let _ = out.write_all(text.as_bytes());
    Ok(())
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
            if !pith::presets().iter().any(|p| p.name == name) {
                let names: Vec<&str> = pith::presets().iter().map(|p| p.name).collect();
                return Err(UsageError(format!(
                    "unknown preset {name:?}; presets: {} (a pipeline file: pith pipeline check FILE)",
                    names.join(", ")
                )));
            }
            let pipeline = pith::preset(&name).map_err(|e| UsageError(e.to_string()))?;
            print_pipeline(&mut out, &pipeline, toml)?;
        }
        PipelineCommand::Check { file, toml } => {
            let pipeline =
                pith::load_pipeline_file(&file).map_err(|e| UsageError(e.to_string()))?;
            print_pipeline(&mut out, &pipeline, toml)?;
            say!("pith: {}: a valid pipeline", file.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}
