-- conv(num, from_base, to_base) reads its number whole (an int is cast to its text); a
-- negative to_base writes a signed number, a positive one the unsigned 64-bit value.
SELECT id,
       conv(dev.mac, 16, 10) AS mac_number,
       conv(dev.code, 10, -16) AS code_hex,
       conv(dev.code, 10, 2) AS code_bits
FROM devices
