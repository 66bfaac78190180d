// memsim: a thin shell over the command library.
#include <iostream>

#include "commands/app.h"

int main(int argc, char** argv) { return memsim::cli::run(argc, argv, std::cin, std::cout, std::cerr); }
