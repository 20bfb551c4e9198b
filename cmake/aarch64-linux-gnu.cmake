# Cross-compile jetgate for 64-bit ARM (Jetson, ARM64 servers) on an x86_64
# Debian/Ubuntu host with multiarch packages:
#   dpkg --add-architecture arm64 && apt-get update
#   apt-get install gcc-aarch64-linux-gnu libc6-dev:arm64 libjansson-dev:arm64 \
#     libexpat1-dev:arm64 libyaml-dev:arm64 libcmocka-dev:arm64 qemu-user
#   cmake -H. -Bbuild/aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# ctest then runs every test under qemu-user (unit tests through
# CMAKE_CROSSCOMPILING_EMULATOR, CLI tests through JG_EMULATOR).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(JG_TRIPLET aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${JG_TRIPLET}-gcc)
# Multiarch: the arm64 libraries and headers live in the host's own tree.
set(CMAKE_LIBRARY_ARCHITECTURE ${JG_TRIPLET})
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${JG_TRIPLET}/pkgconfig:/usr/share/pkgconfig")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
find_program(JG_QEMU NAMES qemu-aarch64 qemu-aarch64-static)
if(JG_QEMU)
  # The arm64 loader and libraries are installed multiarch under /, so
  # qemu needs no -L prefix.
  set(CMAKE_CROSSCOMPILING_EMULATOR "${JG_QEMU}")
endif()
