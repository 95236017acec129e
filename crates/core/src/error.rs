//! The one error type of pith's core.

/// What can go wrong when loading or running a pipeline.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A pipeline file could not be read as a pipeline; `path` names the bad field.
    #[error("{path}: {message}")]
    Load {
        /// Where in the file, e.g. `rules[2]` or `segmenter.type`.
        path: String,
        /// What is wrong there.
        message: String,
    },
    /// A pipeline's `version` is not one this build understands.
    #[error("unsupported pipeline version {0} (this build reads version 1)")]
    Version(u32),
    /// A stage needs a feature no stage computes.
    #[error("stage {stage} requires feature {feature}, which no stage in the pipeline computes")]
    MissingFeature {
        /// The stage that needs it.
        stage: String,
        /// The feature.
        feature: String,
    },
    /// Two stages compute the same feature.
    #[error("feature {feature} is computed by two stages ({first} and {second})")]
    DuplicateFeature {
        /// The feature.
        feature: String,
        /// The first stage.
        first: String,
        /// The second stage.
        second: String,
    },
    /// Feature dependencies form a cycle.
    #[error("feature dependencies form a cycle through stage {stage}")]
    CyclicFeatures {
        /// A stage on the cycle.
        stage: String,
    },
    /// A stage's parameters are invalid or its resources could not be loaded.
    #[error("stage {stage}: {message}")]
    Stage {
        /// The stage.
        stage: String,
        /// What is wrong.
        message: String,
    },
    /// The input bytes could not be decoded.
    #[error(transparent)]
    Decode(#[from] pith_dom::decode::DecodeError),
    /// Reading a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
}

/// Result with pith's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
