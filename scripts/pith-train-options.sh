# Source it: PITH_TRAIN_BASE, the base pipeline of the shipped `pith` preset
# (crates/learn/presets/pith.json), and PITH_TRAIN_OPTIONS, the other `pith train`
# options that fit it on the five development folders (all but --base, --out and
# --seed). scripts/train-pith.sh (which writes the preset), scripts/train-seeds.sh (the
# same fit over several fold deals) and scripts/peers.sh (its out-of-fold column) all
# read them here, so they cannot drift apart. `--labels aligned` (also `pith train`'s
# default): a block is content when most of its tokens are matched by an in-order
# alignment of the page and the gold (docs/evaluation.md, "Labels, measured over three
# deals"). `--rounds 100 --learning-rate 0.15`: as good as 150 trees at 0.1 over three
# deals and a perturbed refit, with a third fewer trees to walk (docs/evaluation.md,
# "Learning rate and number of trees"). `--decode expected-f1 --decode-scale 0.7`: each
# page keeps the blocks that maximise its expected token F1 under the trees'
# probabilities softened by 0.7, a threshold of its own per page (docs/evaluation.md,
# "Expected-F1 decoding"). `--max-bins 32`: each feature cut into 32 bins, not 64,
# before the splits are searched: coarser thresholds, better on scrapinghub and level
# on the mean of four over five deals and a perturbed refit (docs/evaluation.md,
# "Histogram bins"). `--repeats 5`: the threshold is chosen on five deals of the pages
# into folds (seeds S to S + 4), not on one, where neighbouring thresholds came out a
# coin toss apart; the figures printed are still the first deal's (docs/evaluation.md,
# "The threshold over five deals"). They are also `pith train`'s defaults, with the `pith` preset as
# its base (a unit test of crates/cli/src/train_cmd.rs holds this file to them); they
# stay written out here as the command of record, and a default that moves moves here.
# shellcheck disable=SC2034  # used by the scripts that source this file
PITH_TRAIN_BASE=crates/learn/presets/pith-base.json
# shellcheck disable=SC2034
PITH_TRAIN_OPTIONS=(
    --dataset scrapinghub --dataset cleaneval-dev --dataset dragnet-train
    --dataset l3s-gn1-dev --dataset googletrends-dev
    --folds 5 --rounds 100 --learning-rate 0.15 --max-depth 8 --labels aligned
    --decode expected-f1 --decode-scale 0.7 --max-bins 32 --choose-threshold
    --repeats 5
)

# `pith_train_options_less NAME_OR_VALUE...` sets the array PITH_TRAIN_OPTIONS_LESS to
# PITH_TRAIN_OPTIONS without every option the arguments name (`--…`, with its value):
# a script's own options replace the file's of the same name, as `pith train` takes
# each once. Values among the arguments are not names and remove nothing.
pith_train_options_less() {
    local option skip_value=0 name
    local -a names=()
    for name in "$@"; do
        [ "${name#--}" = "$name" ] || names+=("$name")
    done
    PITH_TRAIN_OPTIONS_LESS=()
    for option in "${PITH_TRAIN_OPTIONS[@]}"; do
        if [ "$skip_value" = 1 ] && [ "${option#--}" = "$option" ]; then
            skip_value=0
            continue
        fi
        skip_value=0
        for name in "${names[@]}"; do
            if [ "$option" = "$name" ]; then
                skip_value=1
                break
            fi
        done
        [ "$skip_value" = 1 ] || PITH_TRAIN_OPTIONS_LESS+=("$option")
    done
}
