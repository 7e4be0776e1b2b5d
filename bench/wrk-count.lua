-- wrk script for the overload runs (bench/wrk.mjs): counts answers by status and the 503s that
-- carry Retry-After, and prints them with wrk's own latency (all answers together) as one JSON
-- line. With MISS_PREFIX set, every request asks for a new address (`?miss=<prefix><n>`), so
-- each one is a page-cache miss.

-- Globals, not locals: `done` reads each thread's copy through thread:get.
statuses = {}
retryAfter = 0

local prefix = os.getenv("MISS_PREFIX")
local count = 0
if prefix then
  request = function()
    count = count + 1
    return wrk.format(nil, wrk.path .. "?miss=" .. prefix .. count)
  end
end

response = function(status, headers)
  statuses[status] = (statuses[status] or 0) + 1
  if status == 503 then
    for name in pairs(headers) do
      if string.lower(name) == "retry-after" then
        retryAfter = retryAfter + 1
        break
      end
    end
  end
end

local threads = {}
setup = function(thread)
  table.insert(threads, thread)
end

done = function(summary, latency)
  local all, withRetryAfter = {}, 0
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      all[status] = (all[status] or 0) + n
    end
    withRetryAfter = withRetryAfter + thread:get("retryAfter")
  end
  local parts = {}
  for status, n in pairs(all) do
    table.insert(parts, string.format('"%d":%d', status, n))
  end
  local e = summary.errors
  io.write(string.format(
    '\nWRK_JSON {"statuses":{%s},"retryAfter":%d,"durationUs":%d,"timeouts":%d,"socketErrors":%d,"p50Us":%d,"p99Us":%d}\n',
    table.concat(parts, ","), withRetryAfter, summary.duration, e.timeout,
    e.connect + e.read + e.write, latency:percentile(50), latency:percentile(99)))
end
