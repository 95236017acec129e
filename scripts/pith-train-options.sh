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
# "Histogram bins").
# shellcheck disable=SC2034  # used by the scripts that source this file
PITH_TRAIN_BASE=crates/learn/presets/pith-base.json
# shellcheck disable=SC2034
PITH_TRAIN_OPTIONS=(
    --dataset scrapinghub --dataset cleaneval-dev --dataset dragnet-train
    --dataset l3s-gn1-dev --dataset googletrends-dev
    --folds 5 --rounds 100 --learning-rate 0.15 --max-depth 8 --labels aligned
    --decode expected-f1 --decode-scale 0.7 --max-bins 32 --choose-threshold
)
