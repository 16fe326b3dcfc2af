#!/usr/bin/env bash
# Installs what bench/run needs on top of scripts/setup.sh: the Python
# baselines (numpy/OpenBLAS, torch, matplotlib for the plot) and OpenMP for the
# STREAM-style triad. Kept apart from setup.sh so that building and testing
# tilerun never pulls in torch.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(python3-numpy python3-torch python3-matplotlib libopenblas0-pthread g++)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "tilerun: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
