# Install rules and the Debian package: `cpack -G DEB` in a build directory
# (scripts/release.sh does it for amd64 and arm64).
include(GNUInstallDirs)
install(TARGETS jetgate RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" DESTINATION "${CMAKE_INSTALL_DOCDIR}")

# A static-deps binary needs only glibc; a distribution build needs the
# runtime packages of the libraries it links (names valid on Debian 11/12 and
# Ubuntu 20.04-24.04). The release test keeps the binary at GLIBC_2.27 or
# older, so libc6 (>= 2.27) is the honest lower bound.
if(JETGATE_STATIC_DEPS)
  set(JG_DEB_DEPENDS "libc6 (>= 2.27)")
else()
  set(JG_DEB_DEPENDS "libc6, libjansson4, libexpat1, libyaml-0-2")
endif()
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64)$")
  set(JG_DEB_ARCH arm64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64)$")
  set(JG_DEB_ARCH amd64)
else()
  set(JG_DEB_ARCH "${CMAKE_SYSTEM_PROCESSOR}")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME jetgate)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_CONTACT "jetgate maintainers" CACHE STRING "Maintainer field of the .deb")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Evidence that an ML project's CUDA stack works on an NVIDIA Jetson")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "jetgate reads a Jetson's facts, diagnoses its CUDA, PyTorch and JetPack stack,\nruns a runtime gate and decides, with evidence, whether a project may claim\nsupport for a Jetson tier.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE "${JG_DEB_ARCH}")
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${JG_DEB_DEPENDS}")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_STRIP_FILES ON)
include(CPack)
