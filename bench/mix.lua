-- wrk script of the soak's mixed load: `wrk ... <base url> -s bench/mix.lua -- <path> <path> ...` sends each
-- connection's next request to the next path of the list, round robin over the thread's connections.
local paths = {}
local next_index = 0

function init(args)
  for _, path in ipairs(args) do
    paths[#paths + 1] = path
  end
end

function request()
  next_index = next_index % #paths + 1
  return wrk.format("GET", paths[next_index])
end
