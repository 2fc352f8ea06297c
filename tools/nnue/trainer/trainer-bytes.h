/* trainer-bytes.h — the little-endian bytes of the trainer's two files
 * (the network and the checkpoint), and reading a file whole. */
#pragma once

#include <glib.h>
#include <stdint.h>

#include "trainer-error.h"

/* Writes the low `bytes` bytes of `value`, least significant first;
 * returns the byte after them. */
static inline uint8_t *
chess_train_put_le (uint8_t *out, uint64_t value, int bytes)
{
  for (int i = 0; i < bytes; i++)
    *out++ = (uint8_t) (value >> (8 * i));
  return out;
}

/* The value of `bytes` bytes, least significant first. */
static inline uint64_t
chess_train_get_le (const uint8_t *in, int bytes)
{
  uint64_t value = 0;

  for (int i = 0; i < bytes; i++)
    value |= (uint64_t) in[i] << (8 * i);
  return value;
}

/* The contents of `path`; FALSE with CHESS_TRAIN_ERROR_IO when it cannot
 * be read. */
static inline gboolean
chess_train_read_file (const char *path,
                       char      **data,
                       gsize      *length,
                       GError    **error)
{
  g_autoptr (GError) read_error = NULL;

  if (g_file_get_contents (path, data, length, &read_error))
    return TRUE;
  g_set_error_literal (error, CHESS_TRAIN_ERROR, CHESS_TRAIN_ERROR_IO, read_error->message);
  return FALSE;
}
