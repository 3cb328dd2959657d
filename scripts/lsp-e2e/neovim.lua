-- reflc lsp in Neovim's own client (headless): a stylesheet with a mistake
-- shows its diagnostic as it is typed, hover shows a variable's color,
-- go to definition jumps into the imported file, completion offers the
-- variables and functions. Run by scripts/lsp-e2e.sh:
--   REFLC=path/to/reflc WORK=empty/folder nvim --headless -u NONE -i NONE -c 'luafile neovim.lua'
local reflc = assert(os.getenv("REFLC"), "REFLC is not set")
local work = assert(os.getenv("WORK"), "WORK is not set")
local failures = 0

local function check(condition, what)
  if condition then
    print("ok      " .. what)
  else
    print("FAILED  " .. what)
    failures = failures + 1
  end
end

local function write(path, text)
  local file = assert(io.open(path, "w"))
  file:write(text)
  file:close()
end

write(work .. "/palette.less", "@palette {\n    @orange: #ff8000;\n}\n")
write(work .. "/main.less", '@import "palette.less";\n\nUIButton {\n    title-color: @orange;\n}\n')

vim.cmd("edit " .. work .. "/main.less")
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({ name = "reflc", cmd = { reflc, "lsp" }, root_dir = work })
check(client ~= nil, "the server starts")
vim.lsp.buf_attach_client(buffer, client)

check(vim.wait(10000, function() return vim.lsp.get_client_by_id(client).initialized end, 20), "the server is initialized")
-- The clean file gets its (empty) diagnostics; then a mistake is typed.
vim.wait(500)
vim.api.nvim_buf_set_lines(buffer, 3, 4, false, { "    title-color: @orenge;" })
local arrived = vim.wait(10000, function() return #vim.diagnostic.get(buffer) > 0 end, 20)
local diagnostics = vim.diagnostic.get(buffer)
check(arrived and diagnostics[1].lnum == 3 and diagnostics[1].col == 17,
  "the typed mistake is shown at its place (line 4, column 18)")
check(arrived and diagnostics[1].message == "undefined variable '@orenge'; did you mean '@orange'?",
  "with its message: " .. (diagnostics[1] and diagnostics[1].message or "none"))

-- Fixing it clears it.
vim.api.nvim_buf_set_lines(buffer, 3, 4, false, { "    title-color: @orange;" })
check(vim.wait(10000, function() return #vim.diagnostic.get(buffer) == 0 end, 20), "the fix clears the diagnostic")

local function request(method, line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = line, character = character } }
  local answers = vim.lsp.buf_request_sync(buffer, method, params, 10000) or {}
  for _, answer in pairs(answers) do return answer.result end
end

local hover = request("textDocument/hover", 3, 20)
check(hover and hover.contents.value:find("#ff8000ff", 1, true) ~= nil, "hover on @orange shows its color")

vim.api.nvim_win_set_cursor(0, { 4, 20 })
vim.lsp.buf.definition()
check(vim.wait(10000, function() return vim.api.nvim_buf_get_name(0):match("palette%.less$") ~= nil end, 20),
  "go to definition opens palette.less")
local cursor = vim.api.nvim_win_get_cursor(0)
check(cursor[1] == 2 and cursor[2] == 4, "at the definition (line 2, column 5)")

local completion = request("textDocument/completion", 3, 17)
local labels = {}
for _, item in ipairs(completion and completion.items or {}) do labels[item.label] = true end
check(labels["@orange"] and labels["darken"] and labels["rgb"], "completion offers variables and functions")

vim.lsp.stop_client(client)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client) == nil end, 20)
print(failures == 0 and "neovim: all checks passed" or ("neovim: " .. failures .. " checks failed"))
vim.cmd(failures == 0 and "qall!" or "cquit! 1")
