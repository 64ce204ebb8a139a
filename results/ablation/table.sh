#!/bin/bash
# The README's ablation table from the runs in results/ablation (see README, "Ablation").
R=results/ablation
/usr/bin/python3 model/ablation_table.py \
 "native=$R/base:native" \
 "native, v1 model=$R/v1-model:native" \
 "fewshot=$R/base:fewshot" \
 "fewshot, v1 model=$R/v1-model:fewshot" \
 "fewshot + option hints=$R/hints:fewshot" \
 "fewshot + follow examples=$R/follow:fewshot" \
 "constrained-retry=$R/base:constrained-retry" \
 "constrained-retry+ground=$R/base:constrained-retry+ground" \
 "constrained-retry+ground, whole default grammar=$R/default-grammar:constrained-retry+ground" \
 "constrained-retry+ground, no planned-flags step (the default now)=$R/no-narrow-cr:constrained-retry+ground" \
 "fewshot+constrained-retry=$R/base:fewshot+constrained-retry" \
 "fewshot+constrained-retry+ground (every part)=$R/base:fewshot+constrained-retry+ground" \
 "… without option retrieval in the plan=$R/no-option-retrieval:fewshot+constrained-retry+ground" \
 "… without the narrowed plan (all flags first)=$R/no-narrow:fewshot+constrained-retry+ground" \
 "… whole default grammar only=$R/default-grammar:fewshot+constrained-retry+ground" \
 "… + option hints in the prompt=$R/hints:fewshot+constrained-retry+ground" \
 "… + follow examples=$R/follow:fewshot+constrained-retry+ground" \
 "… v1 model=$R/v1-model:fewshot+constrained-retry+ground"
