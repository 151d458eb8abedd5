// <belote/belote.h> brings the whole API (docs/design.md): every public
// header of engine/include/belote, listed when the test runs, is included.
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_belote_header)

BOOST_AUTO_TEST_CASE(belote_h_includes_every_public_header) {
  const std::filesystem::path public_headers = std::filesystem::path(BELOTE_SOURCE_DIR) / "engine" / "include" / "belote";
  std::ifstream file(public_headers / "belote.h");
  BOOST_TEST_REQUIRE(file.good());
  std::stringstream text;
  text << file.rdbuf();
  int headers = 0;
  for (const auto& entry : std::filesystem::directory_iterator(public_headers)) {
    const std::string header = entry.path().filename().string();
    if (entry.path().extension() != ".h" || header == "belote.h") continue;
    BOOST_TEST(text.str().find("#include \"belote/" + header + "\"") != std::string::npos, "belote.h lacks belote/" << header);
    ++headers;
  }
  BOOST_TEST(headers > 50);
}

BOOST_AUTO_TEST_SUITE_END()
