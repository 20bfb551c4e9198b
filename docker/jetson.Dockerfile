# Jetson container for the project, on the Target tier of the embedded policy:
# Jetson AGX Orin 64 GB, JetPack 6.2 (L4T 36.4.3), CUDA 12.6. Build it ON the
# Jetson (arm64) and run it with the NVIDIA runtime:
#   docker build -f docker/jetson.Dockerfile -t project-jetson .
#   docker run --rm --runtime nvidia project-jetson jetgate doctor
# The build context is this repository with the project to install in
# ./project (its pyproject.toml or setup.py at ./project/).
#
# Why it looks like this:
# - The base is NVIDIA's L4T JetPack image for L4T r36.4 (CUDA 12.6, cuDNN 9.3,
#   TensorRT 10.3). An image of another L4T major gives no CUDA on the host,
#   and l4t-base has no CUDA since JetPack 5, so neither is a substitute.
# - torch is the tier's pinned NVIDIA wheel (the "pytorch.pin" of tier
#   "target" in src/policy/default-policy.json), never a PyPI wheel: PyPI's
#   aarch64 torch is CPU-only and the download.pytorch.org CUDA wheels target
#   server GPUs, both "CUDA not available" on a Jetson.
# - `jetgate constraints` then pins exactly that torch and excludes
#   bitsandbytes (unsupported on this tier: the PyPI aarch64 wheel targets
#   SBSA servers). PIP_CONSTRAINT / UV_CONSTRAINT keep the pins for every
#   later pip or uv install in the image, so no resolve can swap torch out.
# - JetPack 6.1+ NVIDIA wheels also need libcusparseLt, which JetPack's CUDA
#   does not include; add it to the base per NVIDIA's "Installing PyTorch for
#   Jetson Platform" guide if `import torch` reports libcusparseLt missing.
# The container pin: image nvcr.io/nvidia/l4t-jetpack:r36.4.0, digest unknown.
# No public source we could read gives its full digest, so none is invented
# here: the tag is what is pinned, and a re-pushed tag changes the build.
# Pin it yourself: docker buildx imagetools inspect nvcr.io/nvidia/l4t-jetpack:r36.4.0
# then --build-arg L4T_IMAGE=nvcr.io/nvidia/l4t-jetpack:r36.4.0@sha256:<digest>.
ARG L4T_IMAGE=nvcr.io/nvidia/l4t-jetpack:r36.4.0

FROM ${L4T_IMAGE} AS build
RUN apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
      --no-install-recommends build-essential cmake pkg-config libjansson-dev \
      libexpat1-dev libyaml-dev && rm -rf /var/lib/apt/lists/*
COPY CMakeLists.txt /src/jetgate/
COPY cmake /src/jetgate/cmake
COPY src /src/jetgate/src
COPY tools /src/jetgate/tools
RUN cmake -S /src/jetgate -B /src/build -DJETGATE_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
 && cmake --build /src/build -j"$(nproc)"

FROM ${L4T_IMAGE}
ARG TORCH_WHEEL=https://developer.download.nvidia.com/compute/redist/jp/v61/pytorch/torch-2.5.0a0+872d972e41.nv24.08.17622132-cp310-cp310-linux_aarch64.whl
RUN apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
      --no-install-recommends python3 python3-pip libjansson4 libexpat1 libyaml-0-2 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/build/src/jetgate /usr/local/bin/jetgate
# The vendor torch first, alone, from its pinned URL.
RUN python3 -m pip install --no-cache-dir "${TORCH_WHEEL}"
# Refuses (and fails the build) if the torch above is not an NVIDIA Jetson build.
RUN mkdir -p /etc/jetgate \
 && jetgate constraints --python python3 --tier target > /etc/jetgate/constraints.txt \
 && cat /etc/jetgate/constraints.txt
ENV PIP_CONSTRAINT=/etc/jetgate/constraints.txt \
    UV_CONSTRAINT=/etc/jetgate/constraints.txt \
    HF_HUB_OFFLINE=1
# The project: its own files checked first (a requirement the vendor torch does
# not meet fails the build with FILE:LINE), then resolved under the
# constraints: its torch requirement is met by the pinned vendor build, and
# anything needing bitsandbytes fails loudly.
COPY project /workspace/project
RUN if [ -f /workspace/project/pyproject.toml ]; then \
      jetgate constraints --python python3 --tier target \
        --check /workspace/project/pyproject.toml; fi \
 && python3 -m pip install --no-cache-dir /workspace/project
WORKDIR /workspace
