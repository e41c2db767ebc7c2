/* test_sha256.c — the SHA-256 of io/sha256.c against the examples of FIPS
 * 180-4 / NIST (one block, two blocks, a million 'a', the empty message), a
 * message fed in pieces that straddle block boundaries, and a file, compared
 * with sha256sum when the system has it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/sha256.h"

static int fails;
#define CHECK(c, ...) do { if (!(c)) { fails++; printf("FAIL: " __VA_ARGS__); printf("\n"); } } while (0)

static void digest(const void *m, size_t n, char hex[65])
{
    db_sha256 s;
    db_sha256_init(&s);
    db_sha256_update(&s, m, n);
    db_sha256_final(&s, hex);
}

int main(void)
{
    char hex[65];
    digest("abc", 3, hex);
    CHECK(!strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
          "abc: %s", hex);
    digest("", 0, hex);
    CHECK(!strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
          "empty: %s", hex);
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    digest(two, strlen(two), hex);
    CHECK(!strcmp(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
          "448 bits: %s", hex);
    /* a million 'a' in uneven pieces (block boundaries inside pieces) */
    db_sha256 s;
    db_sha256_init(&s);
    char a[997];
    memset(a, 'a', sizeof a);
    size_t left = 1000000;
    while (left > 0) {
        size_t k = left < sizeof a ? left : sizeof a;
        db_sha256_update(&s, a, k);
        left -= k;
    }
    db_sha256_final(&s, hex);
    CHECK(!strcmp(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
          "million a: %s", hex);
    /* every length 0..200 piecewise equals one-shot (padding at 55, 56, 63, 64) */
    unsigned char m[200];
    for (int i = 0; i < 200; i++)
        m[i] = (unsigned char)(i * 37 + 11);
    for (size_t n = 0; n <= 200; n++) {
        char one[65], parts[65];
        digest(m, n, one);
        db_sha256_init(&s);
        for (size_t i = 0; i < n; i += 3)
            db_sha256_update(&s, m + i, n - i < 3 ? n - i : 3);
        db_sha256_final(&s, parts);
        CHECK(!strcmp(one, parts), "length %zu: pieces differ", n);
    }
    /* a file, against the system's sha256sum where present */
    char path[] = "/tmp/daebench-sha256-XXXXXX";
    FILE *f = fdopen(mkstemp(path), "wb");
    CHECK(f != NULL, "temp file");
    if (f) {
        for (int i = 0; i < 100000; i++)
            fputc((i * 7919) & 0xff, f);
        fclose(f);
        CHECK(db_sha256_file(path, hex) == 0, "file digest");
        char cmd[256], want[80] = "";
        snprintf(cmd, sizeof cmd, "sha256sum %s 2>/dev/null", path);
        FILE *p = popen(cmd, "r");
        if (p && fscanf(p, "%64s", want) == 1)
            CHECK(!strcmp(hex, want), "file: %s vs sha256sum %s", hex, want);
        if (p)
            pclose(p);
        remove(path);
    }
    CHECK(db_sha256_file("/nonexistent/file", hex) == -1, "missing file is an error");
    if (fails)
        return 1;
    printf("sha256: ok\n");
    return 0;
}
