// The main() of every test program, linked from the support library: Boost.Test's
// runner from its shared library, the program's suite named after the program
// (test_cards, test_sheet, ...), so that each test file stays one concept.
#include <boost/test/unit_test.hpp>

#include <string>

namespace {
std::string program_name = "belote";
}

bool init_unit_test() {
  boost::unit_test::framework::master_test_suite().p_name.value = program_name;
  return true;
}

int main(int argc, char* argv[]) {
  if (argc > 0 && argv[0]) {
    program_name = argv[0];
    if (const auto slash = program_name.rfind('/'); slash != std::string::npos) program_name.erase(0, slash + 1);
  }
  return boost::unit_test::unit_test_main(&init_unit_test, argc, argv);
}
