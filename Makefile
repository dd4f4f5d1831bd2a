# svt-verify -- build, test, benchmark.
#
#   make deps    install the Debian packages the project needs (as root)
#   make all     build the library and the programs
#   make run     the main job (see README)
#   make test    build and run the Criterion suite, then again under
#                AddressSanitizer + UndefinedBehaviorSanitizer
#   make bench   timings (never part of the tests)
#   make clean

CC      ?= cc
CFLAGS  ?= -O2 -g
# -Wno-stringop-*: GCC 12 false positives on FLINT/Arb one-element
# array types (arb_t) passed through inlined static functions.
WARN    = -Wall -Wextra -Werror -Wno-stringop-overread -Wno-stringop-overflow
CPPFLAGS_ALL = -Iintegrals -Ivariants -Iverify -D_POSIX_C_SOURCE=200809L
CFLAGS_ALL = -std=c11 $(WARN) $(CFLAGS) $(CPPFLAGS_ALL)
LDLIBS  = -ljansson -lgsl -lgslcblas -lflint-arb -lflint -lmpfr -lgmp -lm
TESTLIBS = -lcriterion

B       = build
SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined

DEB_PACKAGES = build-essential pkg-config libflint-arb-dev libflint-dev \
               libmpfr-dev libgmp-dev libcriterion-dev libjansson-dev \
               libgsl-dev

INTEGRALS_SRC = $(wildcard integrals/*.c)
INTEGRALS_LIB_SRC = $(filter-out integrals/bench_%.c,$(INTEGRALS_SRC))
VARIANTS_SRC = $(wildcard variants/*.c)
VERIFY_LIB_SRC = $(filter-out verify/main.c verify/demo_%.c verify/bench_%.c,$(wildcard verify/*.c))
LIB_SRC = $(INTEGRALS_LIB_SRC) $(VARIANTS_SRC) $(VERIFY_LIB_SRC)
TEST_SRC = $(wildcard tests/test_*.c)

LIB_OBJ = $(LIB_SRC:%.c=$(B)/%.o)
SAN_LIB_OBJ = $(LIB_SRC:%.c=$(B)/san/%.o)

.PHONY: all deps run test test-plain test-san bench clean

all: $(B)/libsvt.a $(B)/bin/verify $(B)/svt-demo

$(B)/%.o: %.c $(wildcard integrals/*.h variants/*.h verify/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(B)/san/%.o: %.c $(wildcard integrals/*.h variants/*.h verify/*.h)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 $(WARN) $(SAN_FLAGS) $(CPPFLAGS_ALL) -c $< -o $@

$(B)/libsvt.a: $(LIB_OBJ)
	ar rcs $@ $^

$(B)/libsvt-san.a: $(SAN_LIB_OBJ)
	ar rcs $@ $^

$(B)/svt-demo: verify/demo_appendix91.c $(B)/libsvt.a
	$(CC) $(CFLAGS_ALL) $< $(B)/libsvt.a $(LDLIBS) -o $@

$(B)/bin/verify: verify/main.c $(B)/libsvt.a
	@mkdir -p $(B)/bin
	$(CC) $(CFLAGS_ALL) $< $(B)/libsvt.a $(LDLIBS) -o $@

$(B)/san/bin/verify: verify/main.c $(B)/libsvt-san.a
	@mkdir -p $(B)/san/bin
	$(CC) -std=c11 $(WARN) $(SAN_FLAGS) $(CPPFLAGS_ALL) $< $(B)/libsvt-san.a $(LDLIBS) -o $@

$(B)/tests: $(TEST_SRC) $(B)/libsvt.a tests/testlib.h
	$(CC) $(CFLAGS_ALL) -Itests $(TEST_SRC) $(B)/libsvt.a $(TESTLIBS) $(LDLIBS) -o $@

$(B)/tests-san: $(TEST_SRC) $(B)/libsvt-san.a tests/testlib.h
	$(CC) -std=c11 $(WARN) $(SAN_FLAGS) $(CPPFLAGS_ALL) -Itests $(TEST_SRC) \
	    $(B)/libsvt-san.a $(TESTLIBS) $(LDLIBS) -o $@

$(B)/bench-integrals: integrals/bench_integrals.c $(B)/libsvt.a
	$(CC) $(CFLAGS_ALL) $< $(B)/libsvt.a $(LDLIBS) -o $@

$(B)/bench-verify: verify/bench_verify.c $(B)/libsvt.a
	$(CC) $(CFLAGS_ALL) $< $(B)/libsvt.a $(LDLIBS) -o $@

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	    dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then echo "deps: all packages present"; exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
	    echo "deps: missing:$$missing -- run 'make deps' as root (apt-get install)" >&2; \
	    exit 1; fi; \
	echo "deps: installing$$missing"; \
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing

run: $(B)/bin/verify
	./$(B)/bin/verify all

test: test-plain test-san

test-plain: $(B)/tests $(B)/bin/verify
	VERIFY_BIN=./$(B)/bin/verify ./$(B)/tests --jobs 2

# The sanitized suite also drives a sanitized verify binary (CLI tests).
# LeakSanitizer reports a leak in a forked Criterion test without failing
# it: the log is scanned for sanitizer reports.
test-san: $(B)/tests-san $(B)/san/bin/verify
	@VERIFY_BIN=./$(B)/san/bin/verify ASAN_OPTIONS=detect_leaks=1 \
	    UBSAN_OPTIONS=print_stacktrace=1 ./$(B)/tests-san --jobs 2 \
	    > $(B)/tests-san.log 2>&1; st=$$?; cat $(B)/tests-san.log; \
	if grep -q -E 'ERROR: (Address|Leak)Sanitizer|runtime error' $(B)/tests-san.log; \
	then echo 'test-san: sanitizer report above' >&2; exit 1; fi; exit $$st

bench: $(B)/bench-integrals $(B)/bench-verify
	./$(B)/bench-integrals
	./$(B)/bench-verify

clean:
	rm -rf $(B)
