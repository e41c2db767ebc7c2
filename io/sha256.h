/* sha256.h — SHA-256 (FIPS 180-4) of a byte buffer and of a file, as 64 lowercase
 * hex digits: the checksum of a plugin named in its run records (plugin.h). */
#ifndef DAEBENCH_SHA256_H
#define DAEBENCH_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[8];
    uint64_t len;          /* bytes hashed so far */
    unsigned char buf[64];
    size_t nbuf;
} db_sha256;

void db_sha256_init(db_sha256 *s);
void db_sha256_update(db_sha256 *s, const void *data, size_t len);
/* the digest as 64 hex digits and a NUL into hex[65] */
void db_sha256_final(db_sha256 *s, char hex[65]);

/* the digest of the file at path into hex[65]: 0, or -1 (errno set) */
int db_sha256_file(const char *path, char hex[65]);

#endif
